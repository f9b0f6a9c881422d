/**
 * JSON helpers that never throw: span attributes must be strings, and a tool
 * result with a cycle or a BigInt must not crash the agent that returned it.
 */

/** Serialises any value; cycles become "[Circular]", BigInts become strings, functions are dropped. */
export function safeStringify(value: unknown): string {
  if (value === undefined) return 'null';
  const seen = new WeakSet<object>();
  try {
    return JSON.stringify(value, (_key, item: unknown) => {
      if (typeof item === 'bigint') return item.toString();
      if (typeof item === 'function' || typeof item === 'symbol') return undefined;
      if (item instanceof Error) return { name: item.name, message: item.message };
      if (item !== null && typeof item === 'object') {
        if (seen.has(item)) return '[Circular]';
        seen.add(item);
      }
      return item;
    }) ?? 'null';
  } catch {
    return String(value);
  }
}

/**
 * A key that is the same for equal values whatever the order of object keys,
 * so `{a:1,b:2}` and `{b:2,a:1}` count as the same call for the loop guard.
 */
export function canonicalJson(value: unknown): string {
  return safeStringify(sortKeysDeep(value, new WeakSet()));
}

function sortKeysDeep(value: unknown, seen: WeakSet<object>): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => sortKeysDeep(item, seen));
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    sorted[key] = sortKeysDeep((value as Record<string, unknown>)[key], seen);
  }
  return sorted;
}
