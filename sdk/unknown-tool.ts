/**
 * A call to a tool that does not exist is still a tool call that failed:
 * record it as a failed `execute_tool` span (`selection/unknown_tool`) so the
 * collector counts it, and tell the model which tools do exist.
 */
import { classification } from './classify.ts';
import { currentRun, generateCallId, resolveCore, type ToolscopeCore } from './core.ts';
import { canonicalJson } from './json.ts';
import { endToolSpanWithFailure, spanIdOf, startToolSpan } from './tool-span.ts';
import { recordLoopEvent } from './run-events.ts';
import { toPayload, type ToolFailure } from './tool.ts';

export interface UnknownToolCall {
  readonly name: string;
  readonly callId?: string;
  readonly arguments?: unknown;
  readonly availableTools: readonly string[];
  readonly toolscope?: { readonly core: ToolscopeCore };
}

/**
 * Call ids recorded outside any run, so an adapter following `recordModelTurn` does not record them again.
 * Bounded: ids are only compared between a model turn and the execution of its calls, moments apart.
 */
const recentCallIds = new Set<string>();
const MAX_RECENT_CALL_IDS = 1_000;

function rememberOutsideRun(callId: string): boolean {
  if (recentCallIds.has(callId)) return false;
  if (recentCallIds.size >= MAX_RECENT_CALL_IDS) recentCallIds.delete(recentCallIds.values().next().value!);
  recentCallIds.add(callId);
  return true;
}

/** Records the failed call once per call id, and returns the error to hand back to the model. */
export function recordUnknownToolCall(call: UnknownToolCall): ToolFailure {
  const run = currentRun();
  const core = resolveCore(call.toolscope?.core);
  const callId = call.callId ?? generateCallId(core.random);
  const closest = closestName(call.name, call.availableTools);
  const error = classification('selection/unknown_tool', `There is no tool named "${call.name}".`, {
    suggestions: [
      ...(closest ? [`Did you mean ${closest}?`] : []),
      `Call one of: ${call.availableTools.join(', ') || '(no tools are available)'}.`,
    ],
    context: { requestedTool: call.name, availableTools: [...call.availableTools] },
    errorClass: 'UnknownToolError',
  });
  const failure: ToolFailure = { ok: false, tool: call.name, callId, error: toPayload(error), attempts: 1 };
  if (run) {
    if (run.unknownCallIds.has(callId)) return failure;
    run.unknownCallIds.add(callId);
  } else if (call.callId !== undefined && !rememberOutsideRun(callId)) {
    return failure;
  }

  const toolSpan = startToolSpan({ core, run, toolName: call.name, callId, rawArguments: call.arguments ?? {}, attempt: 1, maxAttempts: 1 });
  if (run) {
    const started = run.guard.observeCall({ tool: call.name, argsKey: canonicalJson(call.arguments ?? {}), spanId: spanIdOf(toolSpan.span) });
    for (const verdict of started) recordLoopEvent(run, verdict);
    run.calls.push({ tool: call.name, ok: false, errorType: error.errorType });
  }
  endToolSpanWithFailure(toolSpan, core, error);
  return failure;
}

/** The available name nearest to `name` by edit distance, if it is near enough to be a typo. */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length]!;
}
