/**
 * Builds the tool-call record of one tool span: who, what, with which
 * arguments, what came back, whether it worked and, if not, why.
 */
import { GenAI, Otel, Toolscope } from '../../sdk/attributes.ts';
import type { InstrumentationSource, ToolCallRecord } from '../ingest/records.ts';
import type { Attributes, OtlpSpan } from '../otlp/types.ts';
import { StatusCode } from '../otlp/types.ts';
import { normalizedParentSpanId } from '../otlp/validate-span.ts';
import { readBoolean, readFirstString, readJsonAttribute, readNumber, readString } from './attribute-values.ts';
import { classifyFailure, foreignErrorClass, type ErrorSignals } from './error-classification.ts';
import { inferResultVerdict, mightReportFailure } from './outcome.ts';
import { prepareMessage, preparePayload, redactJson, type PreparedPayload } from './redact.ts';
import { FIELD_KEYS, firstPresentValue } from './span-fields.ts';
import { exceptionOf } from './exception.ts';

export interface NormalizeOptions {
  /** Longest arguments/result/message text stored; longer text is cut with a marker. */
  maxPayloadChars: number;
}

export type ToolCallOutcome = { record: ToolCallRecord } | { rejected: string };

const SPAN_ID = /^[0-9a-f]{16}$/;

export function buildToolCallRecord(
  span: OtlpSpan,
  source: InstrumentationSource,
  serviceName: string | null,
  options: NormalizeOptions,
): ToolCallOutcome {
  const attributes = span.attributes;
  const keys = FIELD_KEYS[source];
  const toolName = readFirstString(attributes, keys.toolName) ?? toolNameFromSpanName(span.name, source);
  if (toolName === null) return { rejected: `tool span "${span.name}" names no tool (expected ${keys.toolName.join(' or ')})` };

  const args = preparePayload(firstPresentValue(attributes, keys.arguments), options.maxPayloadChars);
  const result = preparePayload(firstPresentValue(attributes, keys.result), options.maxPayloadChars, mightReportFailure);
  const exception = exceptionOf(span);
  const verdict = inferResultVerdict(result?.json);

  const errorTypeAttribute = readString(attributes, Otel.ERROR_TYPE);
  const failed =
    span.status.code === StatusCode.ERROR ||
    errorTypeAttribute !== null ||
    readString(attributes, Toolscope.OUTCOME) === 'failure' ||
    verdict.failed;

  let errorCategory: ToolCallRecord['errorCategory'] = null;
  let errorType: string | null = null;
  let errorMessage: string | null = null;
  let errorClass: string | null = null;
  if (failed) {
    const rawMessages = [
      readString(attributes, Toolscope.ERROR_MESSAGE),
      exception.message,
      span.status.message === '' ? null : span.status.message,
      verdict.message,
    ];
    const signals: ErrorSignals = {
      toolscopeCategory: readString(attributes, Toolscope.ERROR_CATEGORY),
      toolscopeType: readString(attributes, Toolscope.ERROR_TYPE),
      errorType: errorTypeAttribute,
      exceptionType: exception.type,
      resultCode: verdict.code,
      messages: rawMessages,
    };
    const classification = classifyFailure(signals);
    errorCategory = classification.category;
    errorType = classification.type;
    errorMessage = prepareMessage(rawMessages.find((message) => message) ?? null, options.maxPayloadChars);
    errorClass = readString(attributes, Toolscope.ERROR_CLASS) ?? foreignErrorClass(signals);
  }

  const attempt = readNumber(attributes, Toolscope.RETRY_ATTEMPT);
  const firstAttemptSpanId = readString(attributes, Toolscope.RETRY_FIRST_SPAN_ID)?.toLowerCase() ?? null;

  return {
    record: {
      kind: 'tool',
      traceId: span.traceId,
      spanId: span.spanId,
      parentSpanId: normalizedParentSpanId(span),
      name: span.name,
      startTimeUnixNano: span.startTimeUnixNano,
      endTimeUnixNano: span.endTimeUnixNano,
      durationMs: Number(span.endTimeUnixNano - span.startTimeUnixNano) / 1e6,
      source,
      serviceName,
      agentName: readFirstString(attributes, keys.agent),
      modelName: readFirstString(attributes, keys.model),
      sessionId: readFirstString(attributes, keys.session),
      toolName,
      callId: readFirstString(attributes, keys.callId),
      arguments: args?.text ?? null,
      result: result?.text ?? null,
      outcome: failed ? 'failure' : 'success',
      errorCategory,
      errorType,
      errorMessage,
      errorClass,
      attempt: attempt !== null && Number.isInteger(attempt) && attempt >= 1 ? attempt : 1,
      firstAttemptSpanId: firstAttemptSpanId !== null && SPAN_ID.test(firstAttemptSpanId) ? firstAttemptSpanId : null,
      retryReason: readString(attributes, Toolscope.RETRY_REASON),
      details: toolCallDetails(attributes, args, result, {
        inferredFromResult: verdict.failed && span.status.code !== StatusCode.ERROR && errorTypeAttribute === null,
        stacktrace: exception.stacktrace,
        maxChars: options.maxPayloadChars,
      }),
    },
  };
}

/** `execute_tool get_weather` → `get_weather`; OpenLLMetry's `get_weather.tool` → `get_weather`. */
function toolNameFromSpanName(name: string, source: InstrumentationSource): string | null {
  if ((source === 'genai' || source === 'toolscope') && name.startsWith('execute_tool ')) {
    return name.slice('execute_tool '.length).trim() || null;
  }
  if (source === 'openllmetry' && name.endsWith('.tool') && name.length > '.tool'.length) return name.slice(0, -'.tool'.length);
  if (source === 'openinference') return name;
  return null;
}

/** Structured extras, each only when present, so `details` stays small for the common case. */
function toolCallDetails(
  attributes: Attributes,
  args: PreparedPayload | null,
  result: PreparedPayload | null,
  extra: { inferredFromResult: boolean; stacktrace: string | null; maxChars: number },
): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  const put = (key: string, value: unknown): void => {
    if (value !== undefined && value !== null) details[key] = value;
  };
  put('validationIssues', redactedJson(attributes, Toolscope.VALIDATION_ISSUES));
  put('suggestions', readJsonAttribute(attributes, Toolscope.ERROR_SUGGESTIONS));
  put('errorContext', redactedJson(attributes, Toolscope.ERROR_CONTEXT));
  put('retryable', readBoolean(attributes, Toolscope.ERROR_RETRYABLE));
  put('maxAttempts', readNumber(attributes, Toolscope.RETRY_MAX_ATTEMPTS));
  put('timeoutMs', readNumber(attributes, Toolscope.TIMEOUT_MS));
  put('sdkVersion', readString(attributes, Toolscope.SDK_VERSION));
  put('toolType', readString(attributes, GenAI.TOOL_TYPE));
  put('toolDescription', readString(attributes, GenAI.TOOL_DESCRIPTION));
  // Truncated by the sender or here; either way the stored text is partial.
  if (readBoolean(attributes, Toolscope.ARGUMENTS_TRUNCATED) === true || args?.truncated) details['argumentsTruncated'] = true;
  if (readBoolean(attributes, Toolscope.RESULT_TRUNCATED) === true || result?.truncated) details['resultTruncated'] = true;
  const redactions = (readNumber(attributes, Toolscope.REDACTED_COUNT) ?? 0) + (args?.redactions ?? 0) + (result?.redactions ?? 0);
  if (redactions > 0) details['redactedCount'] = redactions;
  if (extra.inferredFromResult) details['outcomeInferredFromResult'] = true;
  put('exceptionStacktrace', prepareMessage(extra.stacktrace, extra.maxChars));
  return details;
}

function redactedJson(attributes: Attributes, key: string): unknown {
  const value = readJsonAttribute(attributes, key);
  return value === undefined ? undefined : redactJson(value);
}
