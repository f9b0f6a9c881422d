/**
 * Where each instrumentation keeps the fields of the unified record (the table
 * in conventions.md). Each list is tried in order; the span's own source comes
 * first, then the names other instrumentations use, because mixed setups
 * (OpenLLMetry writing gen_ai.* next to traceloop.*) are common.
 */
import { GenAI, OpenInference, Traceloop, VercelAI } from '../../sdk/attributes.ts';
import type { InstrumentationSource } from '../ingest/records.ts';
import type { AttrValue, Attributes } from '../otlp/types.ts';

export interface FieldKeys {
  toolName: readonly string[];
  callId: readonly string[];
  arguments: readonly string[];
  result: readonly string[];
  session: readonly string[];
  agent: readonly string[];
  model: readonly string[];
}

const SESSION_ANY = [GenAI.CONVERSATION_ID, OpenInference.SESSION_ID, Traceloop.SESSION_ID, VercelAI.SESSION_ID];
const AGENT_ANY = [GenAI.AGENT_NAME, OpenInference.AGENT_NAME];
const MODEL_ANY = [GenAI.REQUEST_MODEL, GenAI.RESPONSE_MODEL, OpenInference.LLM_MODEL_NAME, VercelAI.MODEL_ID];

const GENAI: FieldKeys = {
  toolName: [GenAI.TOOL_NAME],
  callId: [GenAI.TOOL_CALL_ID],
  arguments: [GenAI.TOOL_CALL_ARGUMENTS],
  result: [GenAI.TOOL_CALL_RESULT],
  session: SESSION_ANY,
  agent: AGENT_ANY,
  model: MODEL_ANY,
};

export const FIELD_KEYS: Readonly<Record<InstrumentationSource, FieldKeys>> = {
  toolscope: GENAI,
  genai: GENAI,
  openinference: {
    toolName: [OpenInference.TOOL_NAME, GenAI.TOOL_NAME],
    callId: [OpenInference.TOOL_ID, 'tool_call.id', GenAI.TOOL_CALL_ID],
    arguments: [OpenInference.INPUT_VALUE, OpenInference.TOOL_PARAMETERS, GenAI.TOOL_CALL_ARGUMENTS],
    result: [OpenInference.OUTPUT_VALUE, GenAI.TOOL_CALL_RESULT],
    session: [OpenInference.SESSION_ID, ...SESSION_ANY],
    agent: [OpenInference.AGENT_NAME, GenAI.AGENT_NAME],
    model: [OpenInference.LLM_MODEL_NAME, ...MODEL_ANY],
  },
  openllmetry: {
    toolName: [Traceloop.ENTITY_NAME, GenAI.TOOL_NAME],
    callId: [GenAI.TOOL_CALL_ID],
    arguments: [Traceloop.ENTITY_INPUT, GenAI.TOOL_CALL_ARGUMENTS],
    result: [Traceloop.ENTITY_OUTPUT, GenAI.TOOL_CALL_RESULT],
    session: [Traceloop.SESSION_ID, ...SESSION_ANY],
    agent: [GenAI.AGENT_NAME, Traceloop.WORKFLOW_NAME],
    model: MODEL_ANY,
  },
  'vercel-ai': {
    toolName: [VercelAI.TOOL_CALL_NAME, GenAI.TOOL_NAME],
    callId: [VercelAI.TOOL_CALL_ID, GenAI.TOOL_CALL_ID],
    // AI SDK 5+ renamed args/result to input/output on the same span.
    arguments: [VercelAI.TOOL_CALL_ARGS, 'ai.toolCall.input', GenAI.TOOL_CALL_ARGUMENTS],
    result: [VercelAI.TOOL_CALL_RESULT, 'ai.toolCall.output', GenAI.TOOL_CALL_RESULT],
    session: [VercelAI.SESSION_ID, ...SESSION_ANY],
    agent: [VercelAI.FUNCTION_ID, ...AGENT_ANY],
    model: [VercelAI.MODEL_ID, ...MODEL_ANY],
  },
};

/** The value of the first of `keys` present on the span, whatever its type (payloads may be strings or structured). */
export function firstPresentValue(attributes: Attributes, keys: readonly string[]): AttrValue | undefined {
  for (const key of keys) {
    const value = attributes[key];
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}
