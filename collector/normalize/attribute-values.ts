/**
 * Reading span attributes without trusting them: every instrumentation has its
 * own idea of types (numbers as strings, JSON as strings, sometimes twice), and
 * a weird value must give "absent", never an exception.
 */
import type { AttrValue, Attributes } from '../otlp/types.ts';

/** A non-empty string attribute (numbers and booleans are written out); null otherwise. */
export function readString(attributes: Attributes, key: string): string | null {
  const value = attributes[key];
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** The first key in `keys` with a non-empty string value. */
export function readFirstString(attributes: Attributes, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = readString(attributes, key);
    if (value !== null) return value;
  }
  return null;
}

/** A finite number, also from a numeric string ("3", int64 beyond 2^53 written as text). */
export function readNumber(attributes: Attributes, key: string): number | null {
  const value = attributes[key];
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

export function readFirstNumber(attributes: Attributes, keys: readonly string[]): number | null {
  for (const key of keys) {
    const value = readNumber(attributes, key);
    if (value !== null) return value;
  }
  return null;
}

/** true/false, also from "true"/"false" strings. */
export function readBoolean(attributes: Attributes, key: string): boolean | null {
  const value = attributes[key];
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
}

/** Payloads nested deeper than this are left as text rather than unwrapped further. */
const MAX_JSON_UNWRAP = 3;

/**
 * Parses text that may be JSON, unwrapping JSON strings that themselves hold
 * JSON (double-encoded results are common when a tool returns a JSON string
 * and the instrumentation serialises it again). `undefined` when it is not JSON.
 */
export function parseJsonDeep(text: string): unknown {
  let current: unknown = text;
  for (let depth = 0; depth < MAX_JSON_UNWRAP && typeof current === 'string'; depth++) {
    if (!looksLikeJson(current)) return depth === 0 ? undefined : current;
    try {
      current = JSON.parse(current);
    } catch {
      return depth === 0 ? undefined : current;
    }
  }
  return current;
}

/** Cheap pre-check so plain text is not thrown at JSON.parse. */
function looksLikeJson(text: string): boolean {
  let index = 0;
  while (index < text.length && (text.charCodeAt(index) <= 32)) index++;
  const first = text[index];
  return first === '{' || first === '[' || first === '"';
}

/** A JSON attribute (issues, suggestions, context): parsed when it is JSON text, passed through when structured. */
export function readJsonAttribute(attributes: Attributes, key: string): unknown {
  const value = attributes[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') {
    const parsed = parseJsonDeep(value);
    return parsed === undefined ? value : parsed;
  }
  return toPlainJson(value);
}

/** An attribute value as plain JSON data: bytes become base64 text, records lose their null prototype. */
export function toPlainJson(value: AttrValue): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  if (Array.isArray(value)) return value.map(toPlainJson);
  const plain: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    // defineProperty, so a key named `__proto__` stays a key.
    Object.defineProperty(plain, key, { value: toPlainJson(value[key]!), enumerable: true, writable: true, configurable: true });
  }
  return plain;
}

/** Whether an object-like JSON value (not an array). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
