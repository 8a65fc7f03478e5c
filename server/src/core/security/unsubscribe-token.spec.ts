import { unsubscribeToken, userOfUnsubscribeToken } from './unsubscribe-token';

describe('unsubscribe tokens', () => {
  it('should name the person its link was written for', () => {
    expect(userOfUnsubscribeToken('secreto', unsubscribeToken('secreto', 42))).toBe(42);
  });

  it('should refuse a token of another secret, another person or no shape', () => {
    const token = unsubscribeToken('secreto', 42);
    expect(userOfUnsubscribeToken('otro', token)).toBeNull();
    expect(userOfUnsubscribeToken('secreto', token.replace(/^42\./, '43.'))).toBeNull();
    expect(userOfUnsubscribeToken('secreto', '0'.repeat(32))).toBeNull();
    expect(userOfUnsubscribeToken('secreto', '')).toBeNull();
  });
});
