/**
 * Arguments and results were redacted by the SDK and at ingest, but rules
 * change and foreign instrumentations redact nothing: redact once more on the
 * way out, and cap the size a screen receives.
 */
import { redactText, redactValue, truncate } from '../../sdk/redact.ts';

export const MAX_PAYLOAD_CHARS = 4_000;

export function redactPayload(text: string | null): string | null {
  if (text == null) return null;
  let redacted: string;
  try {
    redacted = JSON.stringify(redactValue(JSON.parse(text)).value);
  } catch {
    redacted = redactText(text).value;
  }
  return truncate(redacted, MAX_PAYLOAD_CHARS).text;
}
