/**
 * From model output to typed arguments: parse the JSON the model wrote, then
 * validate it with the tool's zod schema. Models write `"0"` for 0 and smart
 * quotes for quotes; both are repaired where the intent is unambiguous, and
 * the repair is reported so it shows up on the span.
 */
import type { z } from 'zod';
import { classification, type ClassifiedError, type ValidationIssue } from './classify.ts';
import { safeStringify } from './json.ts';

export type Parsed<T> =
  | { readonly ok: true; readonly value: T; readonly repaired: boolean }
  | { readonly ok: false; readonly error: ClassifiedError };

/** Parses tool arguments as a model sends them: a JSON string, an already-parsed object, or nothing. */
export function parseArguments(input: unknown): Parsed<unknown> {
  if (typeof input !== 'string') return { ok: true, value: input ?? {}, repaired: false };
  const text = input.trim();
  if (text === '') return { ok: true, value: {}, repaired: false };
  const strict = tryJson(text);
  if (strict.ok) return unwrapStringified(strict.value, false);
  const repairedText = repairJson(text);
  const repaired = repairedText === text ? strict : tryJson(repairedText);
  if (repaired.ok) return unwrapStringified(repaired.value, true);
  return {
    ok: false,
    error: classification('arguments/invalid_json', `The arguments are not valid JSON: ${strict.reason}`, {
      context: { received: text.length > 200 ? `${text.slice(0, 200)}…` : text },
    }),
  };
}

function tryJson(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** Fixes the two slips models make most: typographic quotes and trailing commas. */
function repairJson(text: string): string {
  return text.replace(/[\u201C\u201D\u201E\u201F]/g, '"').replace(/,\s*([}\]])/g, '$1');
}

/** Arguments sent as a JSON string inside a JSON string (`"{\"path\":\"a\"}"`) are decoded once more. */
function unwrapStringified(value: unknown, repaired: boolean): Parsed<unknown> {
  if (typeof value === 'string') {
    const inner = tryJson(value.trim());
    if (inner.ok && inner.value !== null && typeof inner.value === 'object') {
      return { ok: true, value: inner.value, repaired: true };
    }
  }
  return { ok: true, value, repaired };
}

export type Validated<T> =
  | { readonly ok: true; readonly value: T; readonly coercedPaths: readonly string[] }
  | { readonly ok: false; readonly error: ClassifiedError };

/** How many times string→number/boolean coercion is retried; each round fixes every path zod reported. */
const MAX_COERCION_ROUNDS = 3;

/**
 * Validates with the schema; where zod says a number or boolean was expected
 * and the model sent its string spelling, coerces that path and validates again.
 */
export function validateArguments<S extends z.ZodType>(schema: S, value: unknown): Validated<z.output<S>> {
  let candidate = value;
  const coercedPaths: string[] = [];
  for (let round = 0; ; round++) {
    // Plain parsing is ~10x faster; the failing input is parsed again with `reportInput` to describe what was received.
    const fast = schema.safeParse(candidate);
    if (fast.success) return { ok: true, value: fast.data, coercedPaths };
    const result = schema.safeParse(candidate, { reportInput: true });
    if (result.success) return { ok: true, value: result.data, coercedPaths };
    const issues = result.error.issues;
    const fixes = round < MAX_COERCION_ROUNDS ? coercibleFixes(issues) : [];
    if (fixes.length === 0) {
      const mapped = issues.map(toValidationIssue);
      const summary = mapped.map((issue) => `${issue.path || '(root)'}: ${issue.message}`).join('; ');
      return {
        ok: false,
        error: classification('arguments/schema_violation', `The arguments do not match the schema: ${summary}`, {
          issues: mapped,
        }),
      };
    }
    candidate = structuredCloneSafe(candidate);
    for (const fix of fixes) {
      candidate = setAtPath(candidate, fix.path, fix.value);
      coercedPaths.push(formatPath(fix.path));
    }
  }
}

interface Fix {
  readonly path: readonly PropertyKey[];
  readonly value: unknown;
}

function coercibleFixes(issues: readonly z.core.$ZodIssue[]): Fix[] {
  const fixes: Fix[] = [];
  for (const issue of issues) {
    if (issue.code !== 'invalid_type' || typeof issue.input !== 'string') continue;
    const text = issue.input.trim();
    if ((issue.expected === 'number' || issue.expected === 'int') && text !== '' && Number.isFinite(Number(text))) {
      fixes.push({ path: issue.path, value: Number(text) });
    } else if (issue.expected === 'boolean' && (text === 'true' || text === 'false')) {
      fixes.push({ path: issue.path, value: text === 'true' });
    }
  }
  return fixes;
}

function structuredCloneSafe(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}

function setAtPath(root: unknown, path: readonly PropertyKey[], value: unknown): unknown {
  if (path.length === 0) return value;
  let node = root as Record<PropertyKey, unknown>;
  for (const key of path.slice(0, -1)) {
    node = node[key] as Record<PropertyKey, unknown>;
    if (node === null || typeof node !== 'object') return root;
  }
  node[path[path.length - 1]!] = value;
  return root;
}

/** `["files", 0, "path"]` → `files[0].path`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

function describeType(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return typeof value;
}

function describeValue(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : safeStringify(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

function toValidationIssue(issue: z.core.$ZodIssue): ValidationIssue {
  const base = { path: formatPath(issue.path), code: issue.code, message: issue.message };
  switch (issue.code) {
    case 'invalid_type':
      return { ...base, expected: issue.expected, received: describeType(issue.input) };
    case 'too_small':
      return {
        ...base,
        expected: `${issue.origin} ${issue.inclusive === false ? '>' : '>='} ${String(issue.minimum)}`,
        received: describeValue(issue.input),
      };
    case 'too_big':
      return {
        ...base,
        expected: `${issue.origin} ${issue.inclusive === false ? '<' : '<='} ${String(issue.maximum)}`,
        received: describeValue(issue.input),
      };
    case 'invalid_value':
      return { ...base, expected: issue.values.map((v) => describeValue(v)).join(' | '), received: describeValue(issue.input) };
    case 'invalid_format':
      return { ...base, expected: issue.format, received: describeValue(issue.input) };
    case 'unrecognized_keys':
      return { ...base, expected: 'no other keys', received: issue.keys.join(', ') };
    case 'not_multiple_of':
      return { ...base, expected: `multiple of ${String(issue.divisor)}`, received: describeValue(issue.input) };
    default:
      return issue.input === undefined ? base : { ...base, received: describeValue(issue.input) };
  }
}
