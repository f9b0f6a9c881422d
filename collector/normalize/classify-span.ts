/**
 * Decides what a span is (tool call, agent, model call, other GenAI step) and
 * which instrumentation wrote it, from the markers each one leaves:
 * `gen_ai.operation.name` (OTel GenAI, our SDK, AI SDK 7), `openinference.span.kind`,
 * `traceloop.span.kind`, and the span names of the AI SDK's legacy telemetry.
 */
import { GenAI, GenAIOperation, OpenInference, Traceloop, VercelAI } from '../../sdk/attributes.ts';
import { TRACER_NAME } from '../../sdk/version.ts';
import type { InstrumentationSource } from '../ingest/records.ts';
import type { OtlpScope, OtlpSpan } from '../otlp/types.ts';
import { readString } from './attribute-values.ts';

export type SpanRole = 'tool' | 'agent' | 'model' | 'chain';

export interface SpanClass {
  role: SpanRole;
  source: InstrumentationSource;
}

const GENAI_AGENT_OPERATIONS: ReadonlySet<string> = new Set([GenAIOperation.INVOKE_AGENT, GenAIOperation.CREATE_AGENT]);
const GENAI_MODEL_OPERATIONS: ReadonlySet<string> = new Set([
  GenAIOperation.CHAT,
  GenAIOperation.TEXT_COMPLETION,
  GenAIOperation.GENERATE_CONTENT,
]);

const OPENINFERENCE_ROLES: Readonly<Record<string, SpanRole>> = {
  TOOL: 'tool',
  AGENT: 'agent',
  LLM: 'model',
  CHAIN: 'chain',
  RETRIEVER: 'chain',
  EMBEDDING: 'chain',
  RERANKER: 'chain',
  GUARDRAIL: 'chain',
  EVALUATOR: 'chain',
  PROMPT: 'chain',
};

const TRACELOOP_ROLES: Readonly<Record<string, SpanRole>> = {
  tool: 'tool',
  agent: 'agent',
  workflow: 'agent',
  task: 'chain',
  session: 'chain',
  unknown: 'chain',
};

/** AI SDK ≤ 6 span names (also in `ai.operationId`): the call roots and the provider calls under them. */
const VERCEL_ROLES: Readonly<Record<string, SpanRole>> = {
  [VercelAI.TOOL_CALL_SPAN_NAME]: 'tool',
  'ai.generateText': 'agent',
  'ai.streamText': 'agent',
  'ai.generateObject': 'agent',
  'ai.streamObject': 'agent',
  'ai.generateText.doGenerate': 'model',
  'ai.streamText.doStream': 'model',
  'ai.generateObject.doGenerate': 'model',
  'ai.streamObject.doStream': 'model',
  'ai.embed': 'chain',
  'ai.embedMany': 'chain',
};

/** OpenLLMetry marks its provider spans with this (`chat`, `completion`, …). */
const TRACELOOP_LLM_REQUEST_TYPE = 'llm.request.type';

/** Null for spans unrelated to GenAI (HTTP, DB, …): they are acknowledged and not stored. */
export function classifySpan(span: OtlpSpan, scope: OtlpScope): SpanClass | null {
  const attributes = span.attributes;
  const operation = readString(attributes, GenAI.OPERATION_NAME);
  if (operation === GenAIOperation.EXECUTE_TOOL) return { role: 'tool', source: genAiSource(span, scope) };

  const openInferenceKind = readString(attributes, OpenInference.SPAN_KIND);
  if (openInferenceKind !== null) {
    const role = OPENINFERENCE_ROLES[openInferenceKind.toUpperCase()];
    if (role) return { role, source: 'openinference' };
  }

  const traceloopKind = readString(attributes, Traceloop.SPAN_KIND);
  if (traceloopKind !== null) {
    const role = TRACELOOP_ROLES[traceloopKind.toLowerCase()];
    if (role) return { role, source: 'openllmetry' };
  }

  const vercelRole = VERCEL_ROLES[readString(attributes, 'ai.operationId') ?? span.name];
  if (vercelRole) return { role: vercelRole, source: 'vercel-ai' };

  if (operation !== null) {
    const source = genAiSource(span, scope);
    if (GENAI_AGENT_OPERATIONS.has(operation)) return { role: 'agent', source };
    if (GENAI_MODEL_OPERATIONS.has(operation)) return { role: 'model', source };
    // embeddings, retrieval, invoke_workflow, …: GenAI steps worth showing in a run.
    return { role: 'chain', source };
  }

  // OpenLLMetry provider spans carry the model but (in older versions) no operation name.
  if (readString(attributes, GenAI.REQUEST_MODEL) !== null) {
    return { role: 'model', source: readString(attributes, TRACELOOP_LLM_REQUEST_TYPE) !== null ? 'openllmetry' : 'genai' };
  }
  return null;
}

/** Our SDK writes `toolscope.*` attributes and uses its own tracer name; anything else speaking GenAI is `genai`. */
function genAiSource(span: OtlpSpan, scope: OtlpScope): InstrumentationSource {
  if (scope.name === TRACER_NAME) return 'toolscope';
  for (const key in span.attributes) {
    if (key.startsWith('toolscope.')) return 'toolscope';
  }
  return 'genai';
}
