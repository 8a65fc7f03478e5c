import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, normalizeErrorPayload } from './api-error';
import { apiFetch } from './http';

const respond = (status: number, body: unknown) =>
  vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));

describe('normalizeErrorPayload: the four error shapes', () => {
  it('should turn a string into one message', () => {
    expect(normalizeErrorPayload('Ya existe una cuenta con ese correo')).toEqual({
      messages: ['Ya existe una cuenta con ese correo'],
      fieldErrors: {},
    });
  });

  it('should keep a list as one message per entry', () => {
    expect(normalizeErrorPayload(['Uno', 'Dos']).messages).toEqual(['Uno', 'Dos']);
  });

  it('should read the message of an object with a message', () => {
    expect(normalizeErrorPayload({ message: 'Algo falló' }).messages).toEqual(['Algo falló']);
  });

  it('should turn field → messages into "field: a, b" and keep them per field', () => {
    expect(normalizeErrorPayload({ email: ['El email es obligatorio', 'El email no es válido'], name: ['X'] })).toEqual(
      {
        messages: ['El email es obligatorio', 'El email no es válido', 'X'],
        fieldErrors: { email: ['El email es obligatorio', 'El email no es válido'], name: ['X'] },
      },
    );
  });
});

describe('apiFetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should send credentials and the CSRF header, and return the parsed body', async () => {
    const fetchMock = respond(200, { success: true });
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiFetch('/api/x', { method: 'POST', body: '{}' })).resolves.toEqual({ success: true });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('include');
    const headers = new Headers(init.headers);
    expect(headers.get('X-Requested-With')).toBe('pilates-web');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('should throw an ApiError with the code, status and messages of an error answer', async () => {
    vi.stubGlobal(
      'fetch',
      respond(409, { success: false, code: 'EMAIL_TAKEN', error: 'Ya existe una cuenta con ese correo' }),
    );
    const error = await apiFetch('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'EMAIL_TAKEN',
      messages: ['Ya existe una cuenta con ese correo'],
    });
  });

  it('should turn a network failure and a non-JSON answer into a Spanish message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiFetch('/api/x')).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      messages: [NETWORK_ERROR_MESSAGE],
    });
    vi.stubGlobal('fetch', respond(502, '<html>Bad gateway</html>'));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 502, code: 'INVALID_RESPONSE' });
  });
});
