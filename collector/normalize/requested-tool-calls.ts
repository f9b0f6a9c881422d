/**
 * The tool calls a model asked for on a model (or agent) span, whichever way
 * the instrumentation wrote them: our `toolscope.model.tool_calls`, GenAI's
 * `gen_ai.output.messages` parts, OpenInference's flattened
 * `llm.output_messages.{i}.message.tool_calls.{j}.*`, or the AI SDK's
 * `ai.response.toolCalls`. The first source that has any wins, so one call is
 * not counted twice by an instrumentation that writes two of them.
 */
import { GenAI, Toolscope } from '../../sdk/attributes.ts';
import type { Attributes } from '../otlp/types.ts';
import { isJsonObject, readJsonAttribute, readString } from './attribute-values.ts';
import { preparePayload } from './redact.ts';

export interface RequestedToolCall {
  id: string | null;
  name: string;
  /** Redacted and capped, like tool-call arguments. */
  arguments: string | null;
}

const VERCEL_RESPONSE_TOOL_CALLS = 'ai.response.toolCalls';
const OPENINFERENCE_TOOL_CALL = /^llm\.output_messages\.(\d+)\.message\.tool_calls\.(\d+)\.tool_call\.(id|function\.name|function\.arguments)$/;

export function requestedToolCalls(attributes: Attributes, maxChars: number): RequestedToolCall[] {
  for (const read of [fromToolscope, fromGenAiOutputMessages, fromOpenInference, fromVercel]) {
    const raw = read(attributes);
    if (raw.length > 0) return raw.map((call) => finish(call, maxChars));
  }
  return [];
}

interface RawToolCall {
  id: unknown;
  name: unknown;
  arguments: unknown;
}

function finish(call: RawToolCall, maxChars: number): RequestedToolCall {
  const args = call.arguments;
  const payload =
    args === undefined || args === null
      ? null
      : preparePayload(typeof args === 'string' ? args : JSON.stringify(args), maxChars);
  return {
    id: typeof call.id === 'string' && call.id !== '' ? call.id : null,
    name: typeof call.name === 'string' ? call.name : String(call.name),
    arguments: payload?.text ?? null,
  };
}

function isNamed(call: RawToolCall): boolean {
  return typeof call.name === 'string' && call.name !== '';
}

/** `["search", "fetch"]` (names) or `[{ "id", "name", "arguments" }]`. */
function fromToolscope(attributes: Attributes): RawToolCall[] {
  const value = readJsonAttribute(attributes, Toolscope.TOOL_CALLS_REQUESTED);
  if (!Array.isArray(value)) return [];
  return value
    .map((item): RawToolCall =>
      isJsonObject(item)
        ? { id: item['id'], name: item['name'], arguments: item['arguments'] }
        : { id: null, name: item, arguments: undefined },
    )
    .filter(isNamed);
}

/** `[{ "role": "assistant", "parts": [{ "type": "tool_call", "id", "name", "arguments" }] }]`. */
function fromGenAiOutputMessages(attributes: Attributes): RawToolCall[] {
  const messages = readJsonAttribute(attributes, GenAI.OUTPUT_MESSAGES);
  if (!Array.isArray(messages)) return [];
  const calls: RawToolCall[] = [];
  for (const message of messages) {
    if (!isJsonObject(message) || !Array.isArray(message['parts'])) continue;
    for (const part of message['parts']) {
      if (isJsonObject(part) && part['type'] === 'tool_call') {
        calls.push({ id: part['id'], name: part['name'], arguments: part['arguments'] });
      }
    }
  }
  return calls.filter(isNamed);
}

function fromOpenInference(attributes: Attributes): RawToolCall[] {
  const byIndex = new Map<string, RawToolCall>();
  for (const key in attributes) {
    if (!key.startsWith('llm.output_messages.')) continue;
    const match = OPENINFERENCE_TOOL_CALL.exec(key);
    if (!match) continue;
    const slot = `${match[1]}.${match[2]}`;
    const call = byIndex.get(slot) ?? { id: null, name: null, arguments: undefined };
    const value = attributes[key];
    if (match[3] === 'id') call.id = value;
    else if (match[3] === 'function.name') call.name = value;
    else call.arguments = value;
    byIndex.set(slot, call);
  }
  // Message index, then call index: numeric order, not key order.
  return [...byIndex.entries()]
    .sort(([a], [b]) => compareSlots(a, b))
    .map(([, call]) => call)
    .filter(isNamed);
}

function compareSlots(a: string, b: string): number {
  const [am, ac] = a.split('.').map(Number) as [number, number];
  const [bm, bc] = b.split('.').map(Number) as [number, number];
  return am - bm || ac - bc;
}

/** `[{ "toolCallType": "function", "toolCallId", "toolName", "args" | "input" }]`. */
function fromVercel(attributes: Attributes): RawToolCall[] {
  if (readString(attributes, VERCEL_RESPONSE_TOOL_CALLS) === null) return [];
  const value = readJsonAttribute(attributes, VERCEL_RESPONSE_TOOL_CALLS);
  if (!Array.isArray(value)) return [];
  return value
    .filter(isJsonObject)
    .map((item): RawToolCall => ({ id: item['toolCallId'], name: item['toolName'], arguments: item['args'] ?? item['input'] }))
    .filter(isNamed);
}
