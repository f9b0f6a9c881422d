import { describe, expect, it } from 'vitest';
import { isSecretKey, redactText, redactValue, REDACTED, truncate } from './redact.ts';

describe('isSecretKey', () => {
  it.each(['password', 'Password', 'db_password', 'api_key', 'apiKey', 'X-API-Key', 'authorization', 'access_token', 'refreshToken', 'client_secret', 'private_key', 'cookie'])(
    'treats %s as secret',
    (key) => expect(isSecretKey(key)).toBe(true),
  );

  it.each(['path', 'max_tokens', 'tokens_used', 'author', 'keyword', 'limit'])('leaves %s alone', (key) => {
    expect(isSecretKey(key)).toBe(false);
  });

  it('accepts extra keys', () => {
    expect(isSecretKey('pin_code', { keys: ['pin-code'] })).toBe(true);
  });
});

describe('redactValue', () => {
  it('hides secret keys at any depth and counts them, leaving the input untouched', () => {
    const input = { path: 'a.md', login: { password: 'hunter2', token: 'abc' }, headers: [{ Authorization: 'Basic xyz' }] };
    const { value, count } = redactValue(input);
    expect(value).toEqual({ path: 'a.md', login: { password: REDACTED, token: REDACTED }, headers: [{ Authorization: REDACTED }] });
    expect(count).toBe(3);
    expect(input.login.password).toBe('hunter2');
  });

  it('hides a whole object held under a secret key', () => {
    expect(redactValue({ credentials: { user: 'bo', pass: 'x' } })).toEqual({ value: { credentials: REDACTED }, count: 1 });
  });

  it('hides secret-looking values under innocent keys', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
    const { value, count } = redactValue({
      note: 'use sk-proj-abcdefghijklmnop1234 for this',
      header: 'Bearer abc.def.ghi-123456',
      aws: 'AKIAIOSFODNN7EXAMPLE',
      session: jwt,
      gh: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
    });
    expect(value).toEqual({
      note: `use ${REDACTED} for this`,
      header: REDACTED,
      aws: REDACTED,
      session: REDACTED,
      gh: REDACTED,
    });
    expect(count).toBe(5);
  });

  it('survives cycles', () => {
    const looped: Record<string, unknown> = { a: 1 };
    looped['self'] = looped;
    expect(redactValue(looped).value).toEqual({ a: 1, self: '[Circular]' });
  });

  it('keeps a value shared by two keys, and turns errors, dates and BigInts into plain JSON data', () => {
    const shared = { n: 1 };
    expect(redactValue({ a: shared, b: shared }).value).toEqual({ a: { n: 1 }, b: { n: 1 } });
    const { value } = redactValue({ error: new RangeError('bad token sk-abcdefghijklmnop123456'), at: new Date(0), big: 10n, fn: () => 1 });
    expect(value).toEqual({ error: { name: 'RangeError', message: `bad token ${REDACTED}` }, at: '1970-01-01T00:00:00.000Z', big: '10', fn: undefined });
    expect(JSON.stringify(value)).toBe(`{"error":{"name":"RangeError","message":"bad token ${REDACTED}"},"at":"1970-01-01T00:00:00.000Z","big":"10"}`);
  });
});

describe('redactText', () => {
  it('hides "key": "value" pairs in text that is not valid JSON', () => {
    const { value, count } = redactText('{"user": "bo", "password": "hunter2", oops}');
    expect(value).toBe(`{"user": "bo", "password": "${REDACTED}", oops}`);
    expect(count).toBe(1);
  });

  it('applies extra patterns', () => {
    expect(redactText('card 4111-1111-1111-1111', { patterns: [/\d{4}(-\d{4}){3}/g] }).value).toBe(`card ${REDACTED}`);
  });
});

describe('truncate', () => {
  it('keeps short text and cuts long text to the limit with a marker', () => {
    expect(truncate('short', 10)).toEqual({ text: 'short', truncated: false });
    const cut = truncate('x'.repeat(1000), 100);
    expect(cut.truncated).toBe(true);
    expect(cut.text.length).toBe(100);
    expect(cut.text).toMatch(/…\[truncated 900 chars\]$/);
  });
});
