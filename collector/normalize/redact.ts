/**
 * The collector's own redaction and size cap for arguments, results and
 * messages. The SDK redacts before export, but spans also come from other
 * instrumentations that do not, so the same rules run again here (they are the
 * SDK's rules, imported, so both sides hide the same things), plus a few key
 * names the collector adds. Redaction comes first, then the cap, so a secret is
 * never half-kept at the cut. Output depends only on input: deterministic.
 */
import { redactText, redactValue, type RedactionRules } from '../../sdk/redact.ts';
import type { AttrValue } from '../otlp/types.ts';
import { parseJsonDeep, toPlainJson } from './attribute-values.ts';

/** Key names the collector hides on top of the SDK's list. */
const COLLECTOR_RULES: RedactionRules = {
  keys: ['access_key', 'access_key_id', 'secret_key', 'session_token', 'client_secret', 'x-auth-token', 'cookies'],
};

/**
 * Text longer than this many times the cap is cut before redaction and JSON
 * parsing: redacting a megabyte to keep four kilobytes is wasted work, and the
 * part that survives the cap is redacted all the same.
 */
const PRE_CUT_FACTOR = 4;
const PRE_CUT_MINIMUM = 65_536;

export interface PreparedPayload {
  /** Redacted, capped text to store; JSON stays JSON unless it had to be cut. */
  text: string;
  /** The payload as JSON data (redacted) when it was JSON and not cut first; undefined for plain text. */
  json: unknown;
  truncated: boolean;
  redactions: number;
}

/** Prepares an argument or result attribute value for storage. Null when the span had none. */
export function preparePayload(value: AttrValue | undefined, maxChars: number): PreparedPayload | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') {
    // Structured attribute (kvlist/array/number): redact as data, store as JSON.
    const redacted = redactValue(toPlainJson(value), COLLECTOR_RULES);
    return { ...cap(JSON.stringify(redacted.value) ?? 'null', maxChars), json: redacted.value, redactions: redacted.count };
  }
  const preCutLength = Math.max(maxChars * PRE_CUT_FACTOR, PRE_CUT_MINIMUM);
  if (value.length > preCutLength) {
    const redacted = redactText(value.slice(0, preCutLength), COLLECTOR_RULES);
    return { ...cap(redacted.value, maxChars, value.length - preCutLength), json: undefined, redactions: redacted.count };
  }
  const parsed = parseJsonDeep(value);
  if (parsed === undefined || typeof parsed === 'string') {
    // Plain text (or a JSON string holding plain text): redact as text.
    const redacted = redactText(typeof parsed === 'string' ? parsed : value, COLLECTOR_RULES);
    return { ...cap(redacted.value, maxChars), json: undefined, redactions: redacted.count };
  }
  const redacted = redactValue(parsed, COLLECTOR_RULES);
  // Keep the sender's text when nothing was hidden and it was not double-encoded
  // (cheaper, and it keeps their formatting); otherwise store single-encoded JSON.
  const doubleEncoded = value.trimStart().startsWith('"');
  const text = redacted.count === 0 && !doubleEncoded ? value : (JSON.stringify(redacted.value) ?? 'null');
  return { ...cap(text, maxChars), json: redacted.value, redactions: redacted.count };
}

/** Redacts and caps a free-text message (status message, exception message). */
export function prepareMessage(message: string | null, maxChars: number): string | null {
  if (message === null || message === '') return null;
  const head = message.length > maxChars * PRE_CUT_FACTOR ? message.slice(0, maxChars * PRE_CUT_FACTOR) : message;
  return cap(redactText(head, COLLECTOR_RULES).value, maxChars, message.length - head.length).text;
}

/** Redacts JSON data (validation issues, error context, requested tool-call arguments). */
export function redactJson(value: unknown): unknown {
  return redactValue(value, COLLECTOR_RULES).value;
}

/**
 * Cuts to at most `maxChars` characters (marker included) with a marker saying
 * how many characters were dropped, in the SDK's marker format. `droppedEarlier`
 * counts characters already cut before redaction. A cap shorter than the marker
 * yields the marker alone.
 */
export function cap(text: string, maxChars: number, droppedEarlier = 0): { text: string; truncated: boolean } {
  if (text.length <= maxChars && droppedEarlier === 0) return { text, truncated: false };
  const marker = (kept: number): string => `…[truncated ${text.length - kept + droppedEarlier} chars]`;
  // The marker is longest when nothing is kept, so sizing by it always fits.
  let keep = Math.max(0, Math.min(text.length, maxChars - marker(0).length));
  // Never split a surrogate pair: a lone half is not valid text to store.
  const lastKept = text.charCodeAt(keep - 1);
  if (keep > 0 && lastKept >= 0xd800 && lastKept <= 0xdbff) keep--;
  return { text: text.slice(0, keep) + marker(keep), truncated: true };
}
