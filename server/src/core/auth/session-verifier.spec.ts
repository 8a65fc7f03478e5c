import jwt from 'jsonwebtoken';
import { FixedClock } from '../clock/clock';
import type { AppConfig } from '../config/app-config';
import type { DirectReader } from '../database/direct-reader';
import { CHECKED_TOKENS, SessionVerifier } from './session-verifier';

const SECRET = 'secreto-de-prueba-de-32-caracteres!!';
const NOW = new Date('2026-11-24T15:00:00Z');
const nowSeconds = NOW.getTime() / 1000;

describe('SessionVerifier', () => {
  const clock = new FixedClock(NOW);
  const row = {
    id: 7,
    role: 'client',
    active: 1,
    session_version: 3,
    session_expires_at: new Date(NOW.getTime() + 3600_000),
  };
  const all = jest.fn();
  const verifier = () =>
    new SessionVerifier({ jwtSecret: SECRET } as AppConfig, { all } as unknown as DirectReader, clock);
  const token = (sid: string, secret = SECRET, exp = nowSeconds + 3600) =>
    jwt.sign({ sub: 7, sv: 3, sid, iat: nowSeconds - 60, exp }, secret, { algorithm: 'HS256' });
  let checks: jest.SpyInstance;

  beforeEach(() => {
    clock.set(NOW);
    all.mockReset().mockResolvedValue([row]);
    checks = jest.spyOn(jwt, 'verify');
  });
  afterEach(() => checks.mockRestore());

  it("should check a token's signature once, and its session and user on every request", async () => {
    const sessions = verifier();
    const cookie = token('s-1');
    for (let i = 0; i < 3; i++) {
      const found = await sessions.verify(cookie);
      expect(found && found.user).toEqual({ id: 7, role: 'client', sessionVersion: 3 });
    }
    expect(checks).toHaveBeenCalledTimes(1);
    expect(all).toHaveBeenCalledTimes(3);
    // The user's sessions were ended meanwhile: the same, already checked token is refused.
    all.mockResolvedValue([{ ...row, session_version: 4 }]);
    expect(await sessions.verify(cookie)).toBe(false);
  });

  it('should refuse a remembered token once it has expired', async () => {
    const sessions = verifier();
    const cookie = token('s-2', SECRET, nowSeconds + 60);
    expect(await sessions.verify(cookie)).not.toBe(false);
    clock.set(new Date(NOW.getTime() + 61_000));
    expect(await sessions.verify(cookie)).toBe(false);
    expect(checks).toHaveBeenCalledTimes(1);
  });

  it('should refuse a token signed with another secret every time, without remembering it', async () => {
    const sessions = verifier();
    const forged = token('s-3', 'otro-secreto-de-32-caracteres-xxxxx');
    expect(await sessions.verify(forged)).toBe(false);
    expect(await sessions.verify(forged)).toBe(false);
    expect(await sessions.verify(`${token('s-3')}x`)).toBe(false);
    expect(checks).toHaveBeenCalledTimes(3);
    expect(all).not.toHaveBeenCalled();
  });

  it(`should remember ${CHECKED_TOKENS} tokens at most, forgetting the oldest first`, async () => {
    const sessions = verifier();
    const first = token('s-primero');
    await sessions.verify(first);
    for (let i = 1; i < CHECKED_TOKENS; i++) await sessions.verify(token(`s-${i}`));
    await sessions.verify(first);
    expect(checks).toHaveBeenCalledTimes(CHECKED_TOKENS);
    // One more pushes the first out: it is checked again.
    await sessions.verify(token('s-otro'));
    await sessions.verify(first);
    expect(checks).toHaveBeenCalledTimes(CHECKED_TOKENS + 2);
  });
});
