/**
 * Puts a failure into the taxonomy. Our SDK writes `category/type` already;
 * other instrumentations give an exception class (`FileNotFoundError`,
 * `httpx.ConnectTimeout`), a Node error code (`ENOENT`), an HTTP status or only
 * a message. Those are mapped by the rules below; what matches none becomes
 * `execution/unknown` with the foreign type kept as the error class.
 */
import { parseErrorType, type ErrorCategory } from '../../sdk/taxonomy.ts';

export interface ErrorClassification {
  category: ErrorCategory;
  type: string;
}

export interface ErrorSignals {
  /** `toolscope.error.category` and `toolscope.error.type`. */
  toolscopeCategory: string | null;
  toolscopeType: string | null;
  /** `error.type`: `category/type` from our SDK, anything from others. */
  errorType: string | null;
  /** `exception.type` of the span's exception event. */
  exceptionType: string | null;
  /** A code or class the result payload names. */
  resultCode: string | null;
  /** Messages, most specific first: exception message, status message, the result's error. */
  messages: readonly (string | null)[];
}

interface Rule {
  result: ErrorClassification;
  /** Matched against class names, codes and `error.type` identifiers. */
  names?: RegExp;
  /** Matched against messages (and identifiers, which are often words like `timeout`). */
  text?: RegExp;
}

const at = (category: ErrorCategory, type: string): ErrorClassification => ({ category, type });

/**
 * Order matters: more specific first ("tool not found" is an unknown tool, not
 * a missing file; "gateway timeout" is a timeout, not just an upstream error).
 */
const RULES: readonly Rule[] = [
  {
    result: at('selection', 'unknown_tool'),
    names: /UnknownTool|ToolNotFound|NoSuchTool/i,
    // "tool X not found", not "error in tool X: file not found".
    text: /\bunknown tool\b|\bno such tool\b|\btool\s+(?:named\s+)?(?:['"`][^'"`]{1,80}['"`]|[\w.-]{1,80})?\s*(?:was\s+|is\s+)?(?:not found|does not exist|doesn't exist|not available|not registered)/i,
  },
  {
    result: at('selection', 'tool_not_allowed'),
    names: /ToolNotAllowed/i,
    text: /\btool\s+(?:['"`][^'"`]{1,80}['"`]|[\w.-]{1,80})?\s*(?:is\s+)?not (?:allowed|permitted)\b/i,
  },
  {
    result: at('arguments', 'invalid_json'),
    names: /JSONDecodeError|JsonParseException|JSONParseError|JsonException|InvalidJson/i,
    text: /Unexpected token.{0,40}JSON|in JSON at position|is not valid JSON|Unexpected end of JSON|Expecting (?:value|property name|',' delimiter)|invalid json|malformed json|JSON\.parse/i,
  },
  {
    result: at('arguments', 'unsafe_argument'),
    names: /UnsafeArgument|PathTraversal/i,
    text: /path traversal|unsafe (?:path|argument)|outside (?:of )?the (?:allowed|sandbox|workspace)/i,
  },
  {
    result: at('arguments', 'schema_violation'),
    names: /ValidationError|ZodError|SchemaError|InvalidArgument|ArgumentError|TypeValidation/i,
    text: /invalid (?:tool )?(?:arguments?|parameters?|input)|missing required (?:argument|parameter|field|property)|required property|validation (?:error|failed)|failed validation|schema validation|does not match (?:the )?schema|field required/i,
  },
  {
    result: at('execution', 'timeout'),
    names: /Timeout|TimedOut|DeadlineExceeded|ETIMEDOUT|ESOCKETTIMEDOUT|UND_ERR_\w*TIMEOUT/i,
    text: /timed? ?out|timeout|deadline exceeded|ETIMEDOUT|\b(?:408|504)\b/i,
  },
  {
    result: at('execution', 'rate_limited'),
    names: /RateLimit|TooManyRequests|Throttl|QuotaExceeded|ResourceExhausted/i,
    text: /\b429\b|rate.?limit|too many requests|throttl|quota exceeded|resource exhausted/i,
  },
  {
    result: at('execution', 'permission_denied'),
    names: /Permission|Forbidden|Unauthori[sz]ed|AccessDenied|Unauthenticated|EACCES|EPERM|EROFS/i,
    text: /permission denied|access denied|access is denied|forbidden|unauthori[sz]ed|not authori[sz]ed|not permitted|EACCES|EPERM|read-only file system|\b40[13]\b/i,
  },
  {
    result: at('execution', 'not_found'),
    names: /NotFound|NoSuchKey|NoSuchFile|NoSuchBucket|ENOENT|ENOTDIR/i,
    // "no hotels found", "no such file", "not found", "does not exist".
    text: /ENOENT|no such file|not found|\bno (?:\w+ ){1,3}(?:was |were )?found\b|does not exist|doesn't exist|\b404\b|\b410\b/i,
  },
  {
    result: at('execution', 'upstream_error'),
    names:
      /Connect(?:ion)?Error|ConnectionRefused|ConnectionReset|APIConnection|ServiceUnavailable|BadGateway|InternalServerError|ServerError|UpstreamError|ECONNREFUSED|ECONNRESET|ECONNABORTED|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|UND_ERR_SOCKET/i,
    text: /ECONNREFUSED|ECONNRESET|EAI_AGAIN|ENOTFOUND|EHOSTUNREACH|connection (?:refused|reset|closed|aborted)|service unavailable|bad gateway|internal server error|upstream|\b(?:HTTP|status(?: code)?|code|error)\s*:?\s*5\d\d\b|\b5\d\d (?:Internal|Bad Gateway|Service Unavailable)/i,
  },
  {
    result: at('execution', 'invalid_state'),
    names: /InvalidState|IllegalState|Conflict|EEXIST|ENOTEMPTY/i,
    text: /already exists|EEXIST|invalid state|illegal state|\b409\b|conflict/i,
  },
  {
    result: at('execution', 'unsupported_input'),
    names: /NotImplemented|Unsupported|EISDIR/i,
    text: /not supported|unsupported|not implemented|is a directory|EISDIR/i,
  },
];

/** A bare HTTP status as `error.type` or result code (the GenAI convention allows e.g. `500`). */
function classifyHttpStatus(value: string): ErrorClassification | null {
  if (!/^\d{3}$/.test(value)) return null;
  const status = Number(value);
  if (status === 429) return at('execution', 'rate_limited');
  if (status === 404 || status === 410) return at('execution', 'not_found');
  if (status === 401 || status === 403) return at('execution', 'permission_denied');
  if (status === 408 || status === 504) return at('execution', 'timeout');
  if (status === 409) return at('execution', 'invalid_state');
  if (status === 400 || status === 413 || status === 415 || status === 422) return at('execution', 'unsupported_input');
  if (status >= 500 && status <= 599) return at('execution', 'upstream_error');
  return null;
}

/** `error.type`'s catch-all value in the OTel conventions: says nothing about the error. */
const OTHER_ERROR_TYPE = '_OTHER';

/** `category/type` when the signals carry a type of the taxonomy itself. */
export function taxonomyErrorOf(signals: Pick<ErrorSignals, 'toolscopeCategory' | 'toolscopeType' | 'errorType'>): ErrorClassification | null {
  if (signals.toolscopeCategory && signals.toolscopeType) {
    const parsed = parseErrorType(`${signals.toolscopeCategory}/${signals.toolscopeType}`);
    if (parsed) return at(parsed.category, parsed.type);
  }
  if (signals.errorType) {
    const parsed = parseErrorType(signals.errorType);
    if (parsed) return at(parsed.category, parsed.type);
  }
  return null;
}

/** The foreign identifier worth keeping as the error class (`FileNotFoundError`, `ECONNREFUSED`, …). */
export function foreignErrorClass(signals: ErrorSignals): string | null {
  const errorType = signals.errorType && signals.errorType !== OTHER_ERROR_TYPE && !parseErrorType(signals.errorType) ? signals.errorType : null;
  return errorType ?? signals.exceptionType ?? signals.resultCode ?? null;
}

/** Classifies a failure; always returns a type (`execution/unknown` at worst). */
export function classifyFailure(signals: ErrorSignals): ErrorClassification {
  const own = taxonomyErrorOf(signals);
  if (own) return own;
  const identifiers = [signals.errorType, signals.exceptionType, signals.resultCode].filter(
    (value): value is string => value !== null && value !== '' && value !== OTHER_ERROR_TYPE,
  );
  for (const identifier of identifiers) {
    const byStatus = classifyHttpStatus(identifier);
    if (byStatus) return byStatus;
    for (const rule of RULES) {
      if (rule.names?.test(identifier) || rule.text?.test(identifier)) return rule.result;
    }
  }
  for (const message of signals.messages) {
    if (!message) continue;
    for (const rule of RULES) {
      if (rule.text?.test(message)) return rule.result;
    }
  }
  return at('execution', 'unknown');
}
