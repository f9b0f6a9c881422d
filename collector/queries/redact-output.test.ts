import { describe, expect, it } from 'vitest';
import { redactPayload } from './redact-output.ts';

describe('redactPayload', () => {
  it('hides secret keys in JSON arguments and keeps the rest', () => {
    const out = redactPayload('{"path":"a.txt","api_key":"abc123","nested":{"password":"p"}}');
    expect(JSON.parse(out!)).toEqual({ path: 'a.txt', api_key: '[REDACTED]', nested: { password: '[REDACTED]' } });
  });

  it('hides secret-looking values in plain text', () => {
    expect(redactPayload('call with Bearer abcdefghijklmnop')).not.toContain('abcdefghijklmnop');
  });

  it('caps the size and passes null through', () => {
    expect(redactPayload('x'.repeat(10_000))!.length).toBeLessThanOrEqual(4_000);
    expect(redactPayload(null)).toBeNull();
  });
});
