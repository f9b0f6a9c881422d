/**
 * What normalisation produces and storage consumes: one record per kept span.
 * Tool spans become tool-call records; agent, model and chain spans of GenAI
 * instrumentations are kept as run spans so a run can be shown whole.
 */
import type { ErrorCategory } from '../../sdk/taxonomy.ts';

/** Which instrumentation produced a span. */
export type InstrumentationSource = 'toolscope' | 'genai' | 'openinference' | 'vercel-ai' | 'openllmetry';

export type Outcome = 'success' | 'failure';

export type SpanStatus = 'unset' | 'ok' | 'error';

interface RecordBase {
  /** 32 lowercase hex characters. */
  traceId: string;
  /** 16 lowercase hex characters. */
  spanId: string;
  parentSpanId: string | null;
  name: string;
  startTimeUnixNano: bigint;
  endTimeUnixNano: bigint;
  /** end − start in milliseconds, with fractions (never rounded). */
  durationMs: number;
  source: InstrumentationSource;
  serviceName: string | null;
  /** As found on the span itself; ancestors fill the gaps after storage. */
  agentName: string | null;
  modelName: string | null;
  sessionId: string | null;
}

export interface ToolCallRecord extends RecordBase {
  kind: 'tool';
  toolName: string;
  callId: string | null;
  /** JSON (or plain) text, redacted and truncated. */
  arguments: string | null;
  result: string | null;
  outcome: Outcome;
  /** Null on success. Errors outside the taxonomy land in `execution`. */
  errorCategory: ErrorCategory | null;
  /** Type within the category, e.g. `not_found`; `unknown` when unclassified. */
  errorType: string | null;
  errorMessage: string | null;
  /** Exception class or foreign `error.type` kept for `execution/unknown`. */
  errorClass: string | null;
  /** 1-based. */
  attempt: number;
  firstAttemptSpanId: string | null;
  retryReason: string | null;
  /** Everything else worth keeping: validation issues, suggestions, error context, truncation flags. */
  details: Record<string, unknown>;
}

export interface RunSpanRecord extends RecordBase {
  kind: 'agent' | 'model' | 'chain';
  status: SpanStatus;
  statusMessage: string | null;
  /** `category/type` when the span carries a taxonomy error (e.g. `protocol/refusal` on a model turn). */
  errorCategory: ErrorCategory | null;
  errorType: string | null;
  /** Selected attributes: toolscope.* verdicts, requested tool calls, refusal hits, token usage. */
  attributes: Record<string, unknown>;
}

export type NormalizedRecord = ToolCallRecord | RunSpanRecord;

export interface RejectedSpan {
  traceId: string | null;
  spanId: string | null;
  reason: string;
}

export interface NormalizeResult {
  records: NormalizedRecord[];
  /** Spans rejected individually; reported through OTLP `partialSuccess`. */
  rejected: RejectedSpan[];
  /** Spans unrelated to GenAI: acknowledged, not stored. */
  ignored: number;
}
