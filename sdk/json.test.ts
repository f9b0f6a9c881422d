import { describe, expect, it } from 'vitest';
import { canonicalJson, safeStringify } from './json.ts';

describe('canonicalJson', () => {
  it('is the same whatever the key order, at any depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: 3 } })).toBe(canonicalJson({ a: { c: 3, d: [2, { e: 0, f: 1 }] }, b: 1 }));
    expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });

  it('tells different values apart', () => {
    expect(canonicalJson({ path: 'a' })).not.toBe(canonicalJson({ path: 'b' }));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });
});

describe('safeStringify', () => {
  it('never throws', () => {
    const looped: Record<string, unknown> = { n: 1n };
    looped['self'] = looped;
    expect(safeStringify(looped)).toBe('{"n":"1","self":"[Circular]"}');
    expect(safeStringify(undefined)).toBe('null');
    expect(safeStringify({ error: new TypeError('boom') })).toBe('{"error":{"name":"TypeError","message":"boom"}}');
  });
});
