import { describe, expect, it } from 'vitest';
import { createSessionToken, verifySessionToken } from './sessions.ts';

const SECRET = 'a-test-secret-that-is-long-enough-to-use';
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('session tokens', () => {
  it('verify when signed with the same secret and not expired', () => {
    const token = createSessionToken('user-1', SECRET, NOW, 60);
    expect(verifySessionToken(token, SECRET, NOW + 59_000)).toEqual({ userId: 'user-1', expiresAt: NOW / 1000 + 60 });
  });

  it('expire', () => {
    const token = createSessionToken('user-1', SECRET, NOW, 60);
    expect(verifySessionToken(token, SECRET, NOW + 60_000)).toBeNull();
  });

  it('reject another secret, a changed user or expiry, and garbage', () => {
    const token = createSessionToken('user-1', SECRET, NOW, 60);
    const [, expires, signature] = token.split('.');
    expect(verifySessionToken(token, `${SECRET}x`, NOW)).toBeNull();
    expect(verifySessionToken(`user-2.${expires}.${signature}`, SECRET, NOW)).toBeNull();
    expect(verifySessionToken(`user-1.${Number(expires) + 3600}.${signature}`, SECRET, NOW)).toBeNull();
    for (const garbage of [undefined, '', 'a.b', 'a.b.c.d', 'user-1.notanumber.sig']) {
      expect(verifySessionToken(garbage, SECRET, NOW)).toBeNull();
    }
  });
});
