/**
 * Redaction and truncation of tool arguments and results before they leave
 * the process. Models paste credentials into tool calls, and tools return
 * them; neither should reach the collector.
 */

export const REDACTED = '[REDACTED]';

export interface RedactionRules {
  /** Extra key names (matched after lower-casing and removing `-`/`_`) whose values are always hidden. */
  readonly keys?: readonly string[];
  /** Extra value patterns; every match inside a string is replaced. Must be global (`/g`). */
  readonly patterns?: readonly RegExp[];
}

/** Key names, normalised (lower case, no `-`/`_`), whose values are secrets whatever they look like. */
const SECRET_KEYS = new Set([
  'password', 'passwd', 'pwd', 'passphrase', 'secret', 'clientsecret', 'token', 'accesstoken', 'refreshtoken',
  'idtoken', 'sessiontoken', 'authtoken', 'bearertoken', 'apikey', 'xapikey', 'apitoken', 'authorization',
  'proxyauthorization', 'auth', 'cookie', 'setcookie', 'privatekey', 'credentials', 'credential', 'sessionid',
  'awssecretaccesskey', 'secretaccesskey', 'signature',
]);

/** Key fragments that mark a secret wherever they appear in the name (`db_password`, `stripe_api_key`). */
const SECRET_KEY_FRAGMENTS = ['password', 'passwd', 'secret', 'apikey', 'privatekey', 'accesstoken', 'authtoken'];

/** Values that are secrets wherever they appear, even inside free text. */
const SECRET_VALUE_PATTERNS: readonly RegExp[] = [
  // OpenAI / Anthropic style keys: sk-…, sk-proj-…, sk-ant-…
  /\bsk-[A-Za-z0-9_-]{16,}/g,
  // HTTP bearer credentials.
  /\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/gi,
  // AWS access key ids.
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g,
  // JSON Web Tokens: three base64url parts, the first two starting with `{"`.
  /\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+/g,
  // GitHub and Slack tokens.
  /\bgh[pousr]_[A-Za-z0-9]{30,}/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
  // PEM private keys.
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
];

/** `"password": "…"` inside text that is not valid JSON (so it could not be walked as an object). */
const SECRET_PAIR_IN_TEXT =
  /("(?:[A-Za-z0-9_-]*(?:password|passwd|secret|api[_-]?key|token|authorization|private[_-]?key)[A-Za-z0-9_-]*)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi;

/**
 * Cheap screen run before the patterns above: every secret they match contains one of these
 * fragments, and most strings contain none, so most strings are checked with one regex instead of eight.
 */
const MIGHT_HOLD_SECRET = /sk-|bearer|AKIA|ASIA|eyJ|gh[pousr]_|xox[abprs]-|PRIVATE KEY|password|passwd|secret|api[_-]?key|token|authorization|private[_-]?key/i;

export function normaliseKey(key: string): string {
  return key.toLowerCase().replace(/[-_\s]/g, '');
}

/** Verdicts for the built-in key rules, by key: tools send the same few keys over and over. */
const builtInKeyVerdicts = new Map<string, boolean>();
const MAX_CACHED_KEYS = 10_000;

export function isSecretKey(key: string, rules: RedactionRules = {}): boolean {
  if (rules.keys?.length) return matchesSecretKey(key, rules);
  let verdict = builtInKeyVerdicts.get(key);
  if (verdict === undefined) {
    verdict = matchesSecretKey(key, rules);
    if (builtInKeyVerdicts.size < MAX_CACHED_KEYS) builtInKeyVerdicts.set(key, verdict);
  }
  return verdict;
}

function matchesSecretKey(key: string, rules: RedactionRules): boolean {
  const normalised = normaliseKey(key);
  if (SECRET_KEYS.has(normalised)) return true;
  if (rules.keys?.some((extra) => normaliseKey(extra) === normalised)) return true;
  // `max_tokens`, `tokens_used` are counts, not secrets: only names that end in `token` qualify.
  if (normalised.endsWith('token')) return true;
  return SECRET_KEY_FRAGMENTS.some((fragment) => normalised.includes(fragment));
}

export interface Redacted<T> {
  readonly value: T;
  /** How many values were replaced. */
  readonly count: number;
}

/** Replaces secret-looking substrings of a string. */
export function redactText(text: string, rules: RedactionRules = {}): Redacted<string> {
  if (!rules.patterns?.length && !MIGHT_HOLD_SECRET.test(text)) return { value: text, count: 0 };
  let count = 0;
  let out = text.replace(SECRET_PAIR_IN_TEXT, (_match, prefix: string) => {
    count++;
    return `${prefix}"${REDACTED}"`;
  });
  for (const pattern of [...SECRET_VALUE_PATTERNS, ...(rules.patterns ?? [])]) {
    out = out.replace(pattern, () => {
      count++;
      return REDACTED;
    });
  }
  return { value: out, count };
}

/**
 * Returns a copy of `value` with secret keys and secret-looking strings replaced; the input is not changed.
 * The copy is plain JSON data (cycles become "[Circular]", BigInts strings, errors `{ name, message }`,
 * functions dropped), so `JSON.stringify` on it cannot throw.
 */
export function redactValue(value: unknown, rules: RedactionRules = {}): Redacted<unknown> {
  let count = 0;
  const seen = new WeakSet<object>();
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') {
      const redacted = redactText(item, rules);
      count += redacted.count;
      return redacted.value;
    }
    if (typeof item === 'bigint') return item.toString();
    if (typeof item === 'function' || typeof item === 'symbol') return undefined;
    if (item === null || typeof item !== 'object') return item;
    if (seen.has(item)) return '[Circular]';
    if (item instanceof Error) return { name: item.name, message: walk(item.message) };
    if (item instanceof Date) return Number.isNaN(item.getTime()) ? null : item.toISOString();
    // `seen` holds the objects on the current path only, so a value shared by two keys is not mistaken for a cycle.
    seen.add(item);
    let copy: unknown;
    if (Array.isArray(item)) {
      copy = item.map((child) => walk(child));
    } else {
      const fields: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(item)) {
        if (isSecretKey(key, rules) && child !== null && child !== undefined && child !== '') {
          count++;
          fields[key] = REDACTED;
        } else {
          fields[key] = walk(child);
        }
      }
      copy = fields;
    }
    seen.delete(item);
    return copy;
  };
  const result = walk(value);
  return { value: result, count };
}

export interface Truncated {
  readonly text: string;
  readonly truncated: boolean;
}

/** Cuts `text` to at most `maxChars` characters, marking the cut so a reader knows the value is partial. */
export function truncate(text: string, maxChars: number): Truncated {
  if (text.length <= maxChars) return { text, truncated: false };
  const marker = `…[truncated ${text.length - maxChars} chars]`;
  const keep = Math.max(0, maxChars - marker.length);
  return { text: text.slice(0, keep) + marker, truncated: true };
}
