/**
 * Whether a tool call failed. The span status is not enough: many tools catch
 * their own errors and return them, so a span that is OK by status but whose
 * result says it failed counts as a failure, with the result's error as message.
 */
import { isJsonObject } from './attribute-values.ts';

export interface ResultVerdict {
  failed: boolean;
  /** The result's own words for the error, when it has some. */
  message: string | null;
  /** An error code or class the result names (`ENOENT`, `RateLimitError`, 429), for classification. */
  code: string | null;
}

const SUCCESS: ResultVerdict = { failed: false, message: null, code: null };

/**
 * Cheap pre-check on result text, so the common success result is not parsed
 * only to learn it succeeded: a result can say it failed only with
 * `"success": false`, `"ok": false`, `"isError": true`, or an `"error"` or
 * `"status"` key (whose values need the parse to judge). It may say yes for
 * a result that did not fail; never no for one that did.
 */
const MIGHT_SAY_FAILED = /"(?:success|ok)"\s*:\s*false|"isError"\s*:\s*true|"(?:error|status)"\s*:/;

export function mightReportFailure(resultText: string): boolean {
  return MIGHT_SAY_FAILED.test(resultText);
}

const FAILED_STATUS_WORDS: ReadonlySet<string> = new Set(['error', 'failed', 'failure', 'fail']);

/**
 * Reads a parsed (JSON) result. Recognises `{"success": false}`, `{"ok": false}`,
 * a non-empty top-level `"error"`, MCP's `{"isError": true}` and
 * `{"status": "error"}`. Plain-text results are not second-guessed.
 */
export function inferResultVerdict(result: unknown): ResultVerdict {
  if (!isJsonObject(result)) return SUCCESS;
  const error = result['error'];
  const failed =
    result['success'] === false ||
    result['ok'] === false ||
    result['isError'] === true ||
    isFailedStatus(result['status']) ||
    isPresentError(error);
  if (!failed) return SUCCESS;
  return { failed: true, message: resultMessage(result), code: resultCode(result) };
}

function isFailedStatus(status: unknown): boolean {
  return typeof status === 'string' && FAILED_STATUS_WORDS.has(status.toLowerCase());
}

/** `"error": null`, `""`, `false`, `{}` and `[]` mean "no error" in the results we see. */
function isPresentError(error: unknown): boolean {
  if (error === undefined || error === null || error === false || error === '') return false;
  if (Array.isArray(error)) return error.length > 0;
  if (isJsonObject(error)) return Object.keys(error).length > 0;
  return true;
}

function resultMessage(result: Record<string, unknown>): string | null {
  const error = result['error'];
  if (typeof error === 'string') return error;
  if (isJsonObject(error)) {
    const nested = firstString(error, ['message', 'msg', 'detail', 'description', 'reason']);
    if (nested) return nested;
  }
  const own = firstString(result, ['message', 'errorMessage', 'error_message', 'detail', 'reason']);
  if (own) return own;
  // MCP: `{"content": [{"type": "text", "text": "…"}], "isError": true}`.
  const content = result['content'];
  if (Array.isArray(content)) {
    const texts = content
      .filter((part): part is Record<string, unknown> => isJsonObject(part) && typeof part['text'] === 'string')
      .map((part) => part['text'] as string);
    if (texts.length > 0) return texts.join('\n');
  }
  if (error === true) return null;
  return error === undefined ? null : JSON.stringify(error);
}

function resultCode(result: Record<string, unknown>): string | null {
  const error = result['error'];
  const holders = isJsonObject(error) ? [error, result] : [result];
  for (const holder of holders) {
    for (const key of ['code', 'type', 'name', 'errorType', 'error_type', 'statusCode', 'status_code']) {
      const value = holder[key];
      if (typeof value === 'string' && value !== '' && !FAILED_STATUS_WORDS.has(value.toLowerCase())) return value;
      if (typeof value === 'number' && Number.isInteger(value)) return String(value);
    }
  }
  return null;
}

function firstString(object: Record<string, unknown>, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = object[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}
