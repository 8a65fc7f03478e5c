import { describe, expect, it } from 'vitest';
import { getGetCookieQueryKey, getGetCookieUrl } from '@/api/generated/auth/auth';
import { SESSION_QUERY_KEY } from './session';

describe('the session read', () => {
  it('keeps the generated client’s query key and address, so invalidating one refreshes the other', () => {
    expect(SESSION_QUERY_KEY).toEqual(getGetCookieQueryKey());
    expect(SESSION_QUERY_KEY[0]).toBe(getGetCookieUrl());
  });
});
