/**
 * Per-span validity: what makes one span unusable without making the request
 * malformed. Such spans are rejected one by one and reported through OTLP
 * `partialSuccess`, so the rest of the batch is still stored.
 */
import type { OtlpSpan } from './types.ts';

const TRACE_ID = /^[0-9a-f]{32}$/;
const SPAN_ID = /^[0-9a-f]{16}$/;
const ALL_ZEROS = /^0+$/;

/** Why the span cannot be stored, or null when it is fine. */
export function spanRejectionReason(span: OtlpSpan): string | null {
  const traceIdProblem = idProblem(span.traceId, TRACE_ID, 16);
  if (traceIdProblem) return `traceId ${traceIdProblem}`;
  const spanIdProblem = idProblem(span.spanId, SPAN_ID, 8);
  if (spanIdProblem) return `spanId ${spanIdProblem}`;
  if (span.parentSpanId !== null && !SPAN_ID.test(span.parentSpanId)) {
    return `parentSpanId must be 8 bytes (16 hex characters), got ${span.parentSpanId.length / 2} bytes`;
  }
  if (span.name.trim() === '') return 'name is empty';
  if (span.startTimeUnixNano === 0n) return 'startTimeUnixNano is missing';
  if (span.endTimeUnixNano < span.startTimeUnixNano) {
    return `endTimeUnixNano (${span.endTimeUnixNano}) is before startTimeUnixNano (${span.startTimeUnixNano})`;
  }
  return null;
}

function idProblem(id: string, pattern: RegExp, byteLength: number): string | null {
  if (id === '') return 'is missing';
  if (!pattern.test(id)) return `must be ${byteLength} bytes (${byteLength * 2} hex characters), got ${id.length / 2} bytes`;
  if (ALL_ZEROS.test(id)) return 'is all zeros';
  return null;
}

/** A parent id of all zeros means "no parent" to some senders. */
export function normalizedParentSpanId(span: OtlpSpan): string | null {
  const parent = span.parentSpanId;
  return parent === null || ALL_ZEROS.test(parent) ? null : parent;
}
