/**
 * `recordModelTurn`: what the model did with the tools it was given, as one
 * `chat {model}` span and a verdict the agent can act on (retry with a
 * stronger instruction, tell the model which tools exist, …).
 */
import { SpanKind, SpanStatusCode, type TimeInput } from '@opentelemetry/api';
import { GenAI, GenAIOperation, Otel, Toolscope } from './attributes.ts';
import { currentRun, parentContext, resolveCore, type ToolscopeCore } from './core.ts';
import { LoopDetectedError } from './errors.ts';
import { toJsonAttribute } from './payload.ts';
import { detectRefusal, type RefusalPhrase, type RefusalVerdict } from './refusal.ts';
import type { QualifiedErrorType } from './taxonomy.ts';
import { recordLoopEvent } from './run-events.ts';
import type { ToolFailure } from './tool.ts';
import { recordUnknownToolCall } from './unknown-tool.ts';
import { SDK_VERSION } from './version.ts';

export interface ModelToolCall {
  readonly id?: string;
  readonly name: string;
  /** As the model sent them: a JSON string or an object. */
  readonly arguments?: unknown;
}

/**
 * `auto` | `none` | `required` | `any` (Anthropic) | a tool name, or the provider's own object
 * (`{ type: 'function', function: { name } }`, `{ type: 'tool', name }`, `{ type: 'any' }`).
 */
export type ToolChoiceInput = string | { readonly type: string; readonly name?: string; readonly function?: { readonly name: string } };

export interface ModelTurn {
  readonly model: string;
  readonly provider?: string;
  /** Names of the tools offered to the model this turn. */
  readonly tools: readonly string[];
  readonly toolChoice?: ToolChoiceInput;
  readonly toolCalls?: readonly ModelToolCall[];
  /** The assistant's text, if any. */
  readonly text?: string | null;
  /** A provider's explicit refusal field (OpenAI `message.refusal`). */
  readonly refusal?: string | null;
  readonly finishReason?: string | null;
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  readonly costUsd?: number;
  /** The agent knows this turn had to act even though `tool_choice` was `auto`. */
  readonly expectToolCall?: boolean;
  /** Extra refusal phrases for this call, on top of the Toolscope's table. */
  readonly refusalPhrases?: readonly RefusalPhrase[];
  readonly startTime?: TimeInput;
  readonly endTime?: TimeInput;
  readonly toolscope?: { readonly core: ToolscopeCore };
}

export interface ModelTurnVerdict {
  /** `true` when nothing below went wrong. */
  readonly ok: boolean;
  /** Tool names the model asked for, in order. */
  readonly toolCalls: readonly string[];
  readonly unknownTools: readonly string[];
  readonly refusal: RefusalVerdict | undefined;
  /** Every problem of the turn, most important first. */
  readonly errorTypes: readonly QualifiedErrorType[];
  /** A firmer instruction to send the model before asking again, when the turn failed its protocol. */
  readonly retryInstruction: string | undefined;
  /** The `selection/unknown_tool` failures, to hand back as tool results. */
  readonly unknownToolFailures: readonly ToolFailure[];
}

/** `required` for every choice that forces a call, the tool's name when one is named. */
export function normaliseToolChoice(choice: ToolChoiceInput | undefined): string {
  if (choice === undefined) return 'auto';
  if (typeof choice === 'string') return choice === 'any' ? 'required' : choice;
  if (choice.function?.name) return choice.function.name;
  if (choice.type === 'tool' && choice.name) return choice.name;
  if (choice.type === 'any' || choice.type === 'required') return 'required';
  return choice.type;
}

export function recordModelTurn(turn: ModelTurn): ModelTurnVerdict {
  const run = currentRun();
  const core = resolveCore(turn.toolscope?.core);
  const choice = normaliseToolChoice(turn.toolChoice);
  const namedTool = choice !== 'auto' && choice !== 'none' && choice !== 'required' ? choice : undefined;
  const calls = turn.toolCalls ?? [];
  const callNames = calls.map((call) => call.name);
  const offered = new Set(turn.tools);
  const unknownTools = callNames.filter((name) => !offered.has(name));
  const expected = choice === 'required' || namedTool !== undefined || turn.expectToolCall === true;
  const namedToolCalled = namedTool === undefined || callNames.includes(namedTool);

  const providerRefusal = turn.refusal?.trim();
  const refusal: RefusalVerdict | undefined = providerRefusal
    ? { kind: 'hard', hits: [{ phrase: providerRefusal.slice(0, 200), language: 'provider', kind: 'hard' }] }
    : detectRefusal({
        text: turn.text,
        toolCallExpected: expected,
        toolCallMade: calls.length > 0,
        phrases: [...core.refusalPhrases, ...(turn.refusalPhrases ?? [])],
      });

  const errorTypes: QualifiedErrorType[] = [];
  if (refusal) errorTypes.push('protocol/refusal');
  if (expected && (calls.length === 0 || !namedToolCalled)) errorTypes.push('protocol/no_tool_call');
  if (unknownTools.length > 0) errorTypes.push('selection/unknown_tool');

  const span = core.tracer.startSpan(
    `${GenAIOperation.CHAT} ${turn.model}`,
    {
      kind: SpanKind.CLIENT,
      ...(turn.startTime !== undefined ? { startTime: turn.startTime } : {}),
      attributes: {
        [GenAI.OPERATION_NAME]: GenAIOperation.CHAT,
        [GenAI.REQUEST_MODEL]: turn.model,
        [Toolscope.TOOL_CHOICE]: choice,
        [Toolscope.TOOLS_AVAILABLE]: JSON.stringify(turn.tools),
        [Toolscope.TOOL_CALLS_REQUESTED]: JSON.stringify(callNames),
        [Toolscope.TOOL_CALL_EXPECTED]: expected,
        [Toolscope.SDK_VERSION]: SDK_VERSION,
      },
    },
    parentContext(run),
  );
  const agent = run?.agent ?? core.agentName;
  if (agent) span.setAttribute(GenAI.AGENT_NAME, agent);
  if (run?.sessionId) span.setAttribute(GenAI.CONVERSATION_ID, run.sessionId);
  if (turn.provider) span.setAttribute(GenAI.PROVIDER_NAME, turn.provider);
  if (turn.finishReason) span.setAttribute(GenAI.RESPONSE_FINISH_REASONS, [turn.finishReason]);
  if (turn.inputTokens !== undefined) span.setAttribute(GenAI.USAGE_INPUT_TOKENS, turn.inputTokens);
  if (turn.outputTokens !== undefined) span.setAttribute(GenAI.USAGE_OUTPUT_TOKENS, turn.outputTokens);
  if (turn.costUsd !== undefined) span.setAttribute(Toolscope.MODEL_COST_USD, turn.costUsd);
  if (unknownTools.length > 0) span.setAttribute(Toolscope.UNKNOWN_TOOLS, JSON.stringify(unknownTools));
  if (core.capture.results) {
    span.setAttribute(GenAI.OUTPUT_MESSAGES, toJsonAttribute([outputMessage(turn)], core.capture, core.redaction));
  }
  if (refusal) {
    span.setAttribute(Toolscope.REFUSAL_KIND, refusal.kind);
    span.setAttribute(Toolscope.REFUSAL_HITS, JSON.stringify(refusal.hits));
  }
  const protocolError = errorTypes.find((type) => type.startsWith('protocol/'));
  if (protocolError) {
    const message = protocolError === 'protocol/refusal'
      ? `The model refused (${refusal?.kind}) instead of calling a tool.`
      : namedTool
        ? `The model had to call ${namedTool} and did not.`
        : 'The model had to call a tool and did not.';
    span.setAttribute(Otel.ERROR_TYPE, protocolError);
    span.setStatus({ code: SpanStatusCode.ERROR, message });
  }

  let stop: LoopDetectedError | undefined;
  if (run) {
    run.iteration++;
    span.setAttribute(Toolscope.RUN_ITERATION, run.iteration);
    const started = run.guard.observeIteration(run.iteration);
    if (turn.costUsd !== undefined) {
      run.costUsd += turn.costUsd;
      started.push(...run.guard.observeCost(run.costUsd));
    }
    for (const verdict of started) recordLoopEvent(run, verdict);
    if (run.loopPolicy === 'stop' && started[0]) stop = new LoopDetectedError(started[0]);
  }
  span.end(turn.endTime);

  const unknownToolFailures = calls
    .filter((call) => !offered.has(call.name))
    .map((call) =>
      recordUnknownToolCall({
        name: call.name,
        ...(call.id ? { callId: call.id } : {}),
        arguments: call.arguments,
        availableTools: turn.tools,
        toolscope: { core },
      }),
    );
  if (stop) throw stop;

  return {
    ok: errorTypes.length === 0,
    toolCalls: callNames,
    unknownTools,
    refusal,
    errorTypes,
    retryInstruction: retryInstruction(errorTypes, turn.tools, namedTool),
    unknownToolFailures,
  };
}

function outputMessage(turn: ModelTurn): { role: 'assistant'; parts: Record<string, unknown>[] } {
  const parts: Record<string, unknown>[] = [];
  if (turn.text) parts.push({ type: 'text', content: turn.text });
  for (const call of turn.toolCalls ?? []) {
    parts.push({ type: 'tool_call', id: call.id ?? null, name: call.name, arguments: call.arguments ?? null });
  }
  return { role: 'assistant', parts };
}

/** The seed's advice: when the model must act, say so plainly, list what it can call, and ask for no explanation. */
function retryInstruction(errorTypes: readonly QualifiedErrorType[], tools: readonly string[], namedTool: string | undefined): string | undefined {
  if (errorTypes.length === 0) return undefined;
  const parts: string[] = [];
  if (errorTypes.includes('protocol/refusal') || errorTypes.includes('protocol/no_tool_call')) {
    parts.push(`Tools are available to you: ${tools.join(', ')}.`);
    parts.push(namedTool ? `Call ${namedTool} now.` : 'Respond with a tool call now.');
    parts.push('Do not explain; act.');
  }
  if (errorTypes.includes('selection/unknown_tool')) parts.push(`Only these tools exist: ${tools.join(', ')}.`);
  return parts.join(' ');
}
