import { describe, expect, it } from 'vitest';
import { cap, prepareMessage, preparePayload } from './redact.ts';

const MAX = 4096;

function stored(value: Parameters<typeof preparePayload>[0], maxChars = MAX): string | undefined {
  return preparePayload(value, maxChars)?.text;
}

describe('redaction of arguments and results', () => {
  it.each([
    ['password', '{"user":"ann","password":"hunter2"}', '{"user":"ann","password":"[REDACTED]"}'],
    ['passwd', '{"passwd":"x1"}', '{"passwd":"[REDACTED]"}'],
    ['api_key', '{"api_key":"abc123"}', '{"api_key":"[REDACTED]"}'],
    ['apiKey', '{"apiKey":"abc123"}', '{"apiKey":"[REDACTED]"}'],
    ['Authorization', '{"headers":{"Authorization":"Basic dXNlcjpwYXNz"}}', '{"headers":{"Authorization":"[REDACTED]"}}'],
    ['access_key', '{"access_key":"abc"}', '{"access_key":"[REDACTED]"}'],
    ['private_key', '{"private_key":"abc"}', '{"private_key":"[REDACTED]"}'],
    ['cookie', '{"cookie":"sid=1"}', '{"cookie":"[REDACTED]"}'],
    ['session_token', '{"session_token":"abc"}', '{"session_token":"[REDACTED]"}'],
    ['client_secret nested in an array', '[{"client_secret":"s"}]', '[{"client_secret":"[REDACTED]"}]'],
  ])('hides the value of %s', (_label, input, expected) => {
    expect(stored(input)).toBe(expected);
  });

  it('leaves counts that merely mention tokens alone', () => {
    expect(stored('{"max_tokens":100,"tokens_used":5}')).toBe('{"max_tokens":100,"tokens_used":5}');
  });

  it.each([
    ['an OpenAI key', 'key is sk-proj-abcdefghijklmnopqrstu1234', 'key is [REDACTED]'],
    ['a bearer token', 'sent Authorization: Bearer abc.def-ghi_123456', 'sent Authorization: [REDACTED]'],
    ['an AWS access key id', 'id AKIAIOSFODNN7EXAMPLE used', 'id [REDACTED] used'],
    ['a JWT', 'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.sig-nature_x here', 'jwt [REDACTED] here'],
    ['a GitHub token', 'token ghp_abcdefghijklmnopqrstuvwxyz0123456789 ok', 'token [REDACTED] ok'],
  ])('hides %s in plain text', (_label, input, expected) => {
    expect(stored(input)).toBe(expected);
  });

  it('hides secret values inside JSON strings and counts redactions', () => {
    const prepared = preparePayload('{"note":"use sk-abcdefghijklmnopqrstuv please","password":"p"}', MAX)!;
    expect(prepared.text).toBe('{"note":"use [REDACTED] please","password":"[REDACTED]"}');
    expect(prepared.redactions).toBe(2);
  });

  it('keeps the sender text (formatting included) when nothing is hidden', () => {
    expect(stored('{ "city": "Paris" }')).toBe('{ "city": "Paris" }');
  });

  it('stores a double-encoded JSON payload single-encoded', () => {
    expect(stored(JSON.stringify(JSON.stringify({ a: 1 })))).toBe('{"a":1}');
  });

  it('redacts structured (kvlist) attribute values and stores them as JSON', () => {
    expect(stored({ user: 'ann', token: 'abc', nested: [1, 'Bearer abcdefghijkl'] })).toBe(
      '{"user":"ann","token":"[REDACTED]","nested":[1,"[REDACTED]"]}',
    );
  });

  it('reads keys written with escapes before deciding nothing needs hiding', () => {
    expect(stored('{"pass\\u0077ord":"hunter2"}')).toBe('{"password":"[REDACTED]"}');
  });

  it('does not take a quoted word inside a string value for a key', () => {
    expect(stored('{"note":"the \\"token\\": field is optional"}')).toBe('{"note":"the \\"token\\": field is optional"}');
  });

  it('redacts secret pairs in JSON-looking text that does not parse', () => {
    expect(stored('{"password": "hunter2", oops')).toBe('{"password": "[REDACTED]", oops');
  });

  it('is deterministic', () => {
    const input = '{"b":"Bearer abcdefghijk","a":{"secret":"x"},"c":"' + 'y'.repeat(5000) + '"}';
    expect(preparePayload(input, 100)).toEqual(preparePayload(input, 100));
  });
});

describe('truncation', () => {
  it('caps to the limit with a marker counting the dropped characters', () => {
    const prepared = preparePayload('x'.repeat(1000), 100)!;
    expect(prepared.truncated).toBe(true);
    expect(prepared.text.length).toBeLessThanOrEqual(100);
    expect(prepared.text).toMatch(/^x+…\[truncated \d+ chars\]$/);
    const kept = prepared.text.indexOf('…');
    expect(prepared.text).toContain(`[truncated ${1000 - kept} chars]`);
  });

  it('leaves text at the limit untouched', () => {
    expect(preparePayload('x'.repeat(100), 100)).toMatchObject({ text: 'x'.repeat(100), truncated: false });
  });

  it('redacts before cutting, so a secret at the cut is never half-kept', () => {
    const secret = 'sk-abcdefghijklmnopqrstuvwxyz';
    const text = preparePayload('a'.repeat(80) + secret + 'b'.repeat(200), 100)!.text;
    expect(text).not.toContain('sk-abc');
    expect(text.startsWith('a'.repeat(70))).toBe(true);
  });

  it('counts characters dropped before redaction of a huge payload', () => {
    const huge = 'z'.repeat(200_000);
    const prepared = preparePayload(huge, 1000)!;
    expect(prepared.text.length).toBeLessThanOrEqual(1000);
    const kept = prepared.text.indexOf('…');
    expect(prepared.text.endsWith(`…[truncated ${200_000 - kept} chars]`)).toBe(true);
  });

  it('never splits a surrogate pair', () => {
    const text = cap('a'.repeat(10) + '😀'.repeat(50), 40).text;
    expect(text).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('caps and redacts messages too', () => {
    expect(prepareMessage('auth failed for Bearer abcdefghijklmnop', 4096)).toBe('auth failed for [REDACTED]');
    expect(prepareMessage('m'.repeat(500), 50)!.length).toBeLessThanOrEqual(50);
    expect(prepareMessage('', 50)).toBeNull();
  });
});
