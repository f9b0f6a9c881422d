/**
 * Normalisation: a decoded OTLP request in, one record per GenAI span out
 * (tool calls, plus the agent/model/chain spans of the same runs), with spans
 * that cannot be stored rejected one by one and unrelated spans only counted.
 * Pure: no I/O, and the same input always gives the same output.
 */
import { Otel } from '../../sdk/attributes.ts';
import type { NormalizeResult, NormalizedRecord, RejectedSpan } from '../ingest/records.ts';
import type { OtlpSpan, OtlpTraceRequest } from '../otlp/types.ts';
import { spanRejectionReason } from '../otlp/validate-span.ts';
import { readString } from './attribute-values.ts';
import { classifySpan } from './classify-span.ts';
import { buildRunSpanRecord } from './run-span.ts';
import { buildToolCallRecord, type NormalizeOptions } from './tool-call.ts';

export type { NormalizeOptions } from './tool-call.ts';
export { classifySpan, type SpanClass, type SpanRole } from './classify-span.ts';
export { classifyFailure, type ErrorClassification, type ErrorSignals } from './error-classification.ts';
export { inferResultVerdict, type ResultVerdict } from './outcome.ts';
export { preparePayload, prepareMessage, cap } from './redact.ts';
export type { RequestedToolCall } from './requested-tool-calls.ts';

export function normalizeRequest(request: OtlpTraceRequest, options: NormalizeOptions): NormalizeResult {
  const records: NormalizedRecord[] = [];
  const rejected: RejectedSpan[] = [];
  let ignored = 0;
  for (const resourceSpans of request.resourceSpans) {
    const serviceName = readString(resourceSpans.resource.attributes, Otel.SERVICE_NAME);
    for (const scopeSpans of resourceSpans.scopeSpans) {
      for (const span of scopeSpans.spans) {
        const spanClass = classifySpan(span, scopeSpans.scope);
        if (spanClass === null) {
          // Unrelated spans are acknowledged without validation: we never store them.
          ignored++;
          continue;
        }
        const invalid = spanRejectionReason(span);
        if (invalid !== null) {
          rejected.push(rejection(span, invalid));
          continue;
        }
        try {
          if (spanClass.role === 'tool') {
            const built = buildToolCallRecord(span, spanClass.source, serviceName, options);
            if ('record' in built) records.push(built.record);
            else rejected.push(rejection(span, built.rejected));
          } else {
            records.push(buildRunSpanRecord(span, spanClass.role, spanClass.source, serviceName, options));
          }
        } catch (error) {
          // Last line of defence: one span we failed to understand must not fail the batch.
          const reason = error instanceof Error ? error.message : String(error);
          rejected.push(rejection(span, `could not normalise span: ${reason}`));
        }
      }
    }
  }
  return { records, rejected, ignored };
}

function rejection(span: OtlpSpan, reason: string): RejectedSpan {
  return {
    traceId: span.traceId === '' ? null : span.traceId,
    spanId: span.spanId === '' ? null : span.spanId,
    reason,
  };
}
