/**
 * Builds the record of an agent, model or chain span: kept so a run can be
 * shown whole, with a selected subset of attributes rather than all of them.
 *
 * `attributes` holds:
 * - every `toolscope.*` attribute under its own name (JSON text parsed),
 * - `gen_ai.agent.{id,name,description,version}` under their own names,
 * - `operation`, `provider`, `finishReasons`, `inputTokens`, `outputTokens`,
 * - `requestedToolCalls`: `[{ id, name, arguments }]` the model asked for.
 */
import { GenAI, Otel, Toolscope, Traceloop } from '../../sdk/attributes.ts';
import type { InstrumentationSource, RunSpanRecord, SpanStatus } from '../ingest/records.ts';
import { StatusCode, type Attributes, type OtlpSpan } from '../otlp/types.ts';
import { normalizedParentSpanId } from '../otlp/validate-span.ts';
import { readFirstNumber, readFirstString, readJsonAttribute, readString } from './attribute-values.ts';
import { taxonomyErrorOf } from './error-classification.ts';
import { prepareMessage } from './redact.ts';
import { requestedToolCalls } from './requested-tool-calls.ts';
import { FIELD_KEYS } from './span-fields.ts';
import type { NormalizeOptions } from './tool-call.ts';

const PROVIDER_KEYS = [GenAI.PROVIDER_NAME, GenAI.SYSTEM, 'llm.provider', 'llm.system', 'ai.model.provider'];
const INPUT_TOKEN_KEYS = [
  GenAI.USAGE_INPUT_TOKENS,
  'gen_ai.usage.prompt_tokens',
  'llm.token_count.prompt',
  'ai.usage.inputTokens',
  'ai.usage.promptTokens',
];
const OUTPUT_TOKEN_KEYS = [
  GenAI.USAGE_OUTPUT_TOKENS,
  'gen_ai.usage.completion_tokens',
  'llm.token_count.completion',
  'ai.usage.outputTokens',
  'ai.usage.completionTokens',
];
const AGENT_DESCRIPTION_KEYS = [GenAI.AGENT_ID, GenAI.AGENT_NAME, GenAI.AGENT_DESCRIPTION, GenAI.AGENT_VERSION];
const VERCEL_FINISH_REASON = 'ai.response.finishReason';

export function buildRunSpanRecord(
  span: OtlpSpan,
  role: RunSpanRecord['kind'],
  source: InstrumentationSource,
  serviceName: string | null,
  options: NormalizeOptions,
): RunSpanRecord {
  const attributes = span.attributes;
  const keys = FIELD_KEYS[source];
  const taxonomyError = taxonomyErrorOf({
    toolscopeCategory: readString(attributes, Toolscope.ERROR_CATEGORY),
    toolscopeType: readString(attributes, Toolscope.ERROR_TYPE),
    errorType: readString(attributes, Otel.ERROR_TYPE),
  });
  return {
    kind: role,
    traceId: span.traceId,
    spanId: span.spanId,
    parentSpanId: normalizedParentSpanId(span),
    name: span.name,
    startTimeUnixNano: span.startTimeUnixNano,
    endTimeUnixNano: span.endTimeUnixNano,
    durationMs: Number(span.endTimeUnixNano - span.startTimeUnixNano) / 1e6,
    source,
    serviceName,
    agentName: agentNameOf(attributes, source),
    modelName: readFirstString(attributes, keys.model),
    sessionId: readFirstString(attributes, keys.session),
    status: statusOf(span.status.code),
    statusMessage: prepareMessage(span.status.message, options.maxPayloadChars),
    errorCategory: taxonomyError?.category ?? null,
    errorType: taxonomyError?.type ?? null,
    attributes: selectedAttributes(attributes, options.maxPayloadChars),
  };
}

function statusOf(code: number): SpanStatus {
  if (code === StatusCode.ERROR) return 'error';
  if (code === StatusCode.OK) return 'ok';
  return 'unset';
}

/**
 * An OpenLLMetry agent span is named by `traceloop.entity.name` (its workflow
 * name belongs to the enclosing workflow); otherwise the source's usual keys.
 */
function agentNameOf(attributes: Attributes, source: InstrumentationSource): string | null {
  if (source === 'openllmetry' && readString(attributes, Traceloop.SPAN_KIND)?.toLowerCase() === 'agent') {
    const entity = readFirstString(attributes, [GenAI.AGENT_NAME, Traceloop.ENTITY_NAME]);
    if (entity !== null) return entity;
  }
  return readFirstString(attributes, FIELD_KEYS[source].agent);
}

function selectedAttributes(attributes: Attributes, maxChars: number): Record<string, unknown> {
  const selected: Record<string, unknown> = {};
  for (const key in attributes) {
    if (key.startsWith('toolscope.')) selected[key] = readJsonAttribute(attributes, key) ?? null;
  }
  for (const key of AGENT_DESCRIPTION_KEYS) {
    const value = readString(attributes, key);
    if (value !== null) selected[key] = value;
  }
  const operation = readString(attributes, GenAI.OPERATION_NAME);
  if (operation !== null) selected['operation'] = operation;
  const provider = readFirstString(attributes, PROVIDER_KEYS);
  if (provider !== null) selected['provider'] = provider;
  const finishReasons = finishReasonsOf(attributes);
  if (finishReasons.length > 0) selected['finishReasons'] = finishReasons;
  const inputTokens = readFirstNumber(attributes, INPUT_TOKEN_KEYS);
  if (inputTokens !== null) selected['inputTokens'] = inputTokens;
  const outputTokens = readFirstNumber(attributes, OUTPUT_TOKEN_KEYS);
  if (outputTokens !== null) selected['outputTokens'] = outputTokens;
  const toolCalls = requestedToolCalls(attributes, maxChars);
  if (toolCalls.length > 0) selected['requestedToolCalls'] = toolCalls;
  return selected;
}

function finishReasonsOf(attributes: Attributes): string[] {
  const reasons = readJsonAttribute(attributes, GenAI.RESPONSE_FINISH_REASONS);
  if (Array.isArray(reasons)) return reasons.filter((reason): reason is string => typeof reason === 'string');
  if (typeof reasons === 'string' && reasons !== '') return [reasons];
  const vercel = readString(attributes, VERCEL_FINISH_REASON);
  return vercel === null ? [] : [vercel];
}
