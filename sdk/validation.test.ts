import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseArguments, validateArguments } from './validation.ts';

const ReadFile = z.object({
  path: z.string().min(1),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(1000).default(100),
  follow: z.boolean().default(false),
});

describe('parseArguments', () => {
  it('parses a JSON string and passes objects through', () => {
    expect(parseArguments('{"path":"a.md"}')).toEqual({ ok: true, value: { path: 'a.md' }, repaired: false });
    expect(parseArguments({ path: 'a.md' })).toEqual({ ok: true, value: { path: 'a.md' }, repaired: false });
  });

  it('treats empty arguments as an empty object', () => {
    expect(parseArguments('')).toMatchObject({ ok: true, value: {} });
    expect(parseArguments(undefined)).toMatchObject({ ok: true, value: {} });
  });

  it('reports arguments/invalid_json with the text it could not parse', () => {
    const parsed = parseArguments('{"path": a.md}');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.errorType).toBe('arguments/invalid_json');
    expect(parsed.error.retryable).toBe(false);
    expect(parsed.error.context).toEqual({ received: '{"path": a.md}' });
    expect(parsed.error.message).toMatch(/not valid JSON/);
  });

  it('repairs typographic quotes, trailing commas and double encoding, and says so', () => {
    expect(parseArguments('{“path”: “a.md”}')).toEqual({ ok: true, value: { path: 'a.md' }, repaired: true });
    expect(parseArguments('{"path": "a.md",}')).toEqual({ ok: true, value: { path: 'a.md' }, repaired: true });
    expect(parseArguments(JSON.stringify('{"path":"a.md"}'))).toEqual({ ok: true, value: { path: 'a.md' }, repaired: true });
  });
});

describe('validateArguments', () => {
  it('applies defaults and returns typed values', () => {
    const result = validateArguments(ReadFile, { path: 'a.md' });
    expect(result).toEqual({ ok: true, value: { path: 'a.md', offset: 0, limit: 100, follow: false }, coercedPaths: [] });
  });

  it('coerces string numbers and booleans where the schema wants them, and lists the paths', () => {
    const result = validateArguments(ReadFile, { path: 'a.md', offset: '10', limit: ' 20 ', follow: 'true' });
    expect(result).toEqual({
      ok: true,
      value: { path: 'a.md', offset: 10, limit: 20, follow: true },
      coercedPaths: ['offset', 'limit', 'follow'],
    });
  });

  it('coerces inside nested objects and arrays', () => {
    const schema = z.object({ pages: z.array(z.object({ n: z.number() })) });
    const result = validateArguments(schema, { pages: [{ n: '1' }, { n: 2 }] });
    expect(result).toEqual({ ok: true, value: { pages: [{ n: 1 }, { n: 2 }] }, coercedPaths: ['pages[0].n'] });
  });

  it('does not coerce words into numbers', () => {
    const result = validateArguments(ReadFile, { path: 'a.md', offset: 'ten' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.issues).toEqual([
      { path: 'offset', code: 'invalid_type', expected: 'number', received: 'string', message: expect.any(String) },
    ]);
  });

  it('reports arguments/schema_violation with path, code, expected and received for each issue', () => {
    const result = validateArguments(ReadFile, { offset: -5, limit: 5000 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.errorType).toBe('arguments/schema_violation');
    expect(result.error.issues).toEqual([
      { path: 'path', code: 'invalid_type', expected: 'string', received: 'undefined', message: expect.any(String) },
      { path: 'offset', code: 'too_small', expected: 'number >= 0', received: '-5', message: expect.any(String) },
      { path: 'limit', code: 'too_big', expected: 'number <= 1000', received: '5000', message: expect.any(String) },
    ]);
    expect(result.error.message).toMatch(/^The arguments do not match the schema: path: .+; offset: .+; limit: .+/);
  });

  it('describes enum and format issues', () => {
    const schema = z.object({ mode: z.enum(['read', 'write']), email: z.email() });
    const result = validateArguments(schema, { mode: 'delete', email: 'nope' });
    if (result.ok) throw new Error('expected failure');
    expect(result.error.issues).toEqual([
      { path: 'mode', code: 'invalid_value', expected: '"read" | "write"', received: '"delete"', message: expect.any(String) },
      { path: 'email', code: 'invalid_format', expected: 'email', received: '"nope"', message: expect.any(String) },
    ]);
  });

  it('reports unrecognised keys of strict objects', () => {
    const result = validateArguments(z.strictObject({ a: z.string() }), { a: 'x', b: 1 });
    if (result.ok) throw new Error('expected failure');
    expect(result.error.issues?.[0]).toMatchObject({ code: 'unrecognized_keys', received: 'b' });
  });
});
