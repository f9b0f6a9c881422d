/**
 * The `execute_tool {name}` span of one attempt: its start attributes and how
 * a success or a failure is written onto it.
 */
import { SpanKind, SpanStatusCode, type Span } from '@opentelemetry/api';
import { GenAI, GenAIOperation, Otel, Toolscope } from './attributes.ts';
import type { ClassifiedError } from './classify.ts';
import { parentContext, type RunState, type ToolscopeCore } from './core.ts';
import { toJsonAttribute, toPayloadAttribute } from './payload.ts';
import { SDK_VERSION } from './version.ts';

export interface ToolSpanStart {
  readonly core: ToolscopeCore;
  readonly run: RunState | undefined;
  readonly toolName: string;
  readonly description?: string | undefined;
  readonly toolType?: string | undefined;
  readonly callId: string;
  /** What the model sent, before coercion; a string when it could not be parsed. */
  readonly rawArguments: unknown;
  readonly attempt: number;
  readonly maxAttempts: number;
  readonly retryReason?: string | undefined;
  readonly firstSpanId?: string | undefined;
  readonly timeoutMs?: number | undefined;
}

/** A started attempt span and the redactions made so far, written once when the span ends. */
export interface ToolSpan {
  readonly span: Span;
  redactedCount: number;
}

export function startToolSpan(start: ToolSpanStart): ToolSpan {
  const { core, run } = start;
  const span = core.tracer.startSpan(
    `${GenAIOperation.EXECUTE_TOOL} ${start.toolName}`,
    {
      kind: SpanKind.INTERNAL,
      attributes: {
        [GenAI.OPERATION_NAME]: GenAIOperation.EXECUTE_TOOL,
        [GenAI.TOOL_NAME]: start.toolName,
        [GenAI.TOOL_CALL_ID]: start.callId,
        [GenAI.TOOL_TYPE]: start.toolType ?? 'function',
        [Toolscope.RETRY_ATTEMPT]: start.attempt,
        [Toolscope.RETRY_MAX_ATTEMPTS]: start.maxAttempts,
        [Toolscope.SDK_VERSION]: SDK_VERSION,
      },
    },
    parentContext(run),
  );
  if (start.description) span.setAttribute(GenAI.TOOL_DESCRIPTION, start.description);
  const agent = run?.agent ?? core.agentName;
  if (agent) span.setAttribute(GenAI.AGENT_NAME, agent);
  if (run?.sessionId) span.setAttribute(GenAI.CONVERSATION_ID, run.sessionId);
  if (run?.model) span.setAttribute(GenAI.REQUEST_MODEL, run.model);
  if (start.retryReason) span.setAttribute(Toolscope.RETRY_REASON, start.retryReason);
  if (start.firstSpanId) span.setAttribute(Toolscope.RETRY_FIRST_SPAN_ID, start.firstSpanId);
  if (start.timeoutMs !== undefined) span.setAttribute(Toolscope.TIMEOUT_MS, start.timeoutMs);
  if (core.capture.arguments) {
    const args = toPayloadAttribute(start.rawArguments, core.capture, core.redaction);
    span.setAttribute(GenAI.TOOL_CALL_ARGUMENTS, args.text);
    if (args.truncated) span.setAttribute(Toolscope.ARGUMENTS_TRUNCATED, true);
    return { span, redactedCount: args.redactedCount };
  }
  return { span, redactedCount: 0 };
}

export function endToolSpanWithSuccess(toolSpan: ToolSpan, core: ToolscopeCore, result: unknown, captureResult: boolean): void {
  const { span } = toolSpan;
  span.setAttribute(Toolscope.OUTCOME, 'success');
  if (core.capture.results && captureResult) {
    const payload = toPayloadAttribute(result, core.capture, core.redaction);
    span.setAttribute(GenAI.TOOL_CALL_RESULT, payload.text);
    if (payload.truncated) span.setAttribute(Toolscope.RESULT_TRUNCATED, true);
    toolSpan.redactedCount += payload.redactedCount;
  }
  finish(toolSpan);
}

export function endToolSpanWithFailure(toolSpan: ToolSpan, core: ToolscopeCore, error: ClassifiedError, thrown?: unknown): void {
  const { span } = toolSpan;
  span.setAttributes({
    [Toolscope.OUTCOME]: 'failure',
    [Otel.ERROR_TYPE]: error.errorType,
    [Toolscope.ERROR_CATEGORY]: error.category,
    [Toolscope.ERROR_TYPE]: error.type,
    [Toolscope.ERROR_MESSAGE]: error.message,
    [Toolscope.ERROR_CLASS]: error.errorClass,
    [Toolscope.ERROR_RETRYABLE]: error.retryable,
    [Toolscope.ERROR_SUGGESTIONS]: JSON.stringify(error.suggestions),
  });
  if (error.context) span.setAttribute(Toolscope.ERROR_CONTEXT, toJsonAttribute(error.context, core.capture, core.redaction));
  if (error.issues) span.setAttribute(Toolscope.VALIDATION_ISSUES, toJsonAttribute(error.issues, core.capture, core.redaction));
  if (thrown instanceof Error) span.recordException(thrown);
  span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
  finish(toolSpan);
}

function finish(toolSpan: ToolSpan): void {
  if (toolSpan.redactedCount > 0) toolSpan.span.setAttribute(Toolscope.REDACTED_COUNT, toolSpan.redactedCount);
  toolSpan.span.end();
}

/** Hex id of a span; empty for the no-op spans of an unregistered API. */
export function spanIdOf(span: Span): string {
  const { spanId } = span.spanContext();
  return /^0+$/.test(spanId) ? '' : spanId;
}
