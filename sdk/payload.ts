/**
 * Turns arguments and results into span attribute values: redacted first,
 * then serialised, then truncated, with flags saying what was done.
 */
import type { CaptureSettings } from './core.ts';
import { redactText, redactValue, truncate, type RedactionRules } from './redact.ts';

export interface PayloadAttribute {
  readonly text: string;
  readonly truncated: boolean;
  readonly redactedCount: number;
}

/** Strings are kept as they are (a tool returning text should not gain quotes); everything else becomes JSON. */
export function toPayloadAttribute(value: unknown, capture: CaptureSettings, rules: RedactionRules): PayloadAttribute {
  const redacted = typeof value === 'string' ? redactText(value, rules) : redactValue(value, rules);
  // The redacted copy is plain JSON data, so the fast stringify is safe; `undefined` results stringify to nothing.
  const text = typeof redacted.value === 'string' ? redacted.value : (JSON.stringify(redacted.value) ?? 'null');
  const cut = truncate(text, capture.maxChars);
  return { text: cut.text, truncated: cut.truncated, redactedCount: redacted.count };
}

/** JSON of a value for a structured attribute (issues, suggestions, context), redacted and capped. */
export function toJsonAttribute(value: unknown, capture: CaptureSettings, rules: RedactionRules): string {
  const redacted = redactValue(value, rules);
  return truncate(JSON.stringify(redacted.value) ?? 'null', capture.maxChars).text;
}
