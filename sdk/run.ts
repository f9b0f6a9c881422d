/**
 * `run()`: one agent run as an `invoke_agent {agent}` span, with the run's
 * context (agent, session, model, loop guard, contract) available to every
 * tool called inside it, and the loop and contract verdicts recorded at the end.
 */
import { randomUUID } from 'node:crypto';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { z } from 'zod';
import { GenAI, GenAIOperation, Otel, Toolscope, ToolscopeEvent } from './attributes.ts';
import { classifyError } from './classify.ts';
import { ContractSchema, evaluateContract, type ContractVerdict } from './contract.ts';
import { currentRun, parentContext, resolveCore, withRun, type RunState, type ToolscopeCore } from './core.ts';
import { LoopDetectedError } from './errors.ts';
import { safeStringify } from './json.ts';
import { LoopGuard, type LoopVerdict } from './loop-guard.ts';
import { recordModelTurn, type ModelTurn, type ModelTurnVerdict } from './model-turn.ts';
import { optionsError } from './options-error.ts';
import { recordLoopEvent } from './run-events.ts';
import { SDK_VERSION } from './version.ts';

const positiveInt = z.number().int().positive();

export const RunOptionsSchema = z.object({
  /** `gen_ai.agent.name`; defaults to the Toolscope's `agentName`. */
  agent: z.string().min(1).optional(),
  /** `gen_ai.conversation.id`; a random UUID when absent (never the trace id). */
  sessionId: z.string().min(1).optional(),
  /** `gen_ai.request.model` for the run and the tools called inside it. */
  model: z.string().min(1).optional(),
  maxIterations: positiveInt.optional(),
  maxCostUsd: z.number().positive().optional(),
  loop: z
    .object({
      policy: z.enum(['record', 'stop']).optional(),
      maxSameToolInARow: z.number().int().min(2).optional(),
      maxIdenticalCalls: z.number().int().min(2).optional(),
      cycleRepeats: z.number().int().min(2).optional(),
    })
    .optional(),
  contract: ContractSchema.optional(),
});
export type RunOptions = z.input<typeof RunOptionsSchema> & { readonly toolscope?: { readonly core: ToolscopeCore } };

export interface RunHandle {
  readonly agent: string;
  readonly sessionId: string;
  readonly model: string | undefined;
  /** Model turns recorded so far. */
  readonly iteration: number;
  readonly costUsd: number;
  readonly loopVerdicts: readonly LoopVerdict[];
  /** `recordModelTurn` inside this run (counts the iteration and its cost). */
  recordModelTurn(turn: ModelTurn): ModelTurnVerdict;
  /** Adds cost that is not a model turn (e.g. a paid API a tool called). */
  addCost(usd: number): void;
  /** The contract verdict for the calls so far; undefined without a contract. */
  checkContract(): ContractVerdict | undefined;
}

export interface RunOutcome<T> {
  readonly value: T;
  readonly sessionId: string;
  /** Undefined when the run had no contract. */
  readonly contract: ContractVerdict | undefined;
  readonly loops: readonly LoopVerdict[];
  readonly iterations: number;
  readonly costUsd: number;
  readonly toolCalls: number;
  readonly failedToolCalls: number;
}

export async function run<T>(options: RunOptions, fn: (run: RunHandle) => Promise<T> | T): Promise<RunOutcome<T>> {
  const { toolscope, ...rest } = options;
  const parsed = RunOptionsSchema.safeParse(rest);
  if (!parsed.success) throw optionsError('toolscope run()', parsed.error);
  const opts = parsed.data;
  const core = resolveCore(toolscope?.core);
  const agent = opts.agent ?? core.agentName;
  if (!agent) throw new TypeError('toolscope run(): name the agent (`agent`), or set `agentName` on createToolscope');
  const sessionId = opts.sessionId ?? randomUUID();
  const loopPolicy = opts.loop?.policy ?? 'record';

  const span = core.tracer.startSpan(
    `${GenAIOperation.INVOKE_AGENT} ${agent}`,
    {
      kind: SpanKind.INTERNAL,
      attributes: {
        [GenAI.OPERATION_NAME]: GenAIOperation.INVOKE_AGENT,
        [GenAI.AGENT_NAME]: agent,
        [GenAI.CONVERSATION_ID]: sessionId,
        [Toolscope.LOOP_POLICY]: loopPolicy,
        [Toolscope.SDK_VERSION]: SDK_VERSION,
      },
    },
    parentContext(currentRun()),
  );
  if (opts.model) span.setAttribute(GenAI.REQUEST_MODEL, opts.model);
  if (opts.maxIterations !== undefined) span.setAttribute(Toolscope.RUN_MAX_ITERATIONS, opts.maxIterations);
  if (opts.maxCostUsd !== undefined) span.setAttribute(Toolscope.RUN_MAX_COST_USD, opts.maxCostUsd);
  if (opts.contract) span.setAttribute(Toolscope.CONTRACT, JSON.stringify(opts.contract));

  const state: RunState = {
    core,
    agent,
    sessionId,
    model: opts.model,
    span,
    context: trace.setSpan(parentContext(currentRun()), span),
    guard: new LoopGuard({
      ...(opts.loop ?? {}),
      ...(opts.maxIterations !== undefined ? { maxIterations: opts.maxIterations } : {}),
      ...(opts.maxCostUsd !== undefined ? { maxCostUsd: opts.maxCostUsd } : {}),
    }),
    loopPolicy,
    contract: opts.contract,
    calls: [],
    unknownCallIds: new Set(),
    iteration: 0,
    costUsd: 0,
  };
  const handle = createHandle(state);

  let value: T;
  try {
    value = await withRun(state, () => fn(handle));
  } catch (error) {
    // The verdicts still land on the span: a run that crashed is when they matter most.
    finishRun(state);
    const errorType = error instanceof LoopDetectedError ? error.qualifiedType : classifyError(error).errorType;
    span.setAttribute(Otel.ERROR_TYPE, errorType);
    if (error instanceof Error) span.recordException(error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    span.end();
    throw error;
  }
  const contract = finishRun(state);
  span.end();
  return {
    value,
    sessionId,
    contract,
    loops: [...state.guard.verdicts],
    iterations: state.iteration,
    costUsd: state.costUsd,
    toolCalls: state.calls.length,
    failedToolCalls: state.calls.filter((call) => !call.ok).length,
  };
}

function createHandle(state: RunState): RunHandle {
  return {
    agent: state.agent,
    sessionId: state.sessionId ?? '',
    model: state.model,
    get iteration() {
      return state.iteration;
    },
    get costUsd() {
      return state.costUsd;
    },
    get loopVerdicts() {
      return state.guard.verdicts;
    },
    // Runs the turn inside this run's storage even when called from a detached callback.
    recordModelTurn: (turn) => withRun(state, () => recordModelTurn(turn)),
    addCost(usd) {
      if (!(usd >= 0)) throw new TypeError('addCost: usd must be a number >= 0');
      state.costUsd += usd;
      const started = state.guard.observeCost(state.costUsd);
      for (const verdict of started) recordLoopEvent(state, verdict);
      if (state.loopPolicy === 'stop' && started[0]) throw new LoopDetectedError(started[0]);
    },
    checkContract: () => (state.contract ? evaluateContract(state.contract, state.calls) : undefined),
  };
}

/** Writes the run's totals and verdicts onto its span; returns the contract verdict. */
function finishRun(state: RunState): ContractVerdict | undefined {
  const { span } = state;
  span.setAttributes({
    [Toolscope.RUN_ITERATION]: state.iteration,
    [Toolscope.RUN_COST_USD]: state.costUsd,
    [Toolscope.RUN_TOOL_CALLS]: state.calls.length,
    [Toolscope.RUN_FAILED_TOOL_CALLS]: state.calls.filter((call) => !call.ok).length,
    [Toolscope.LOOP_VERDICTS]: safeStringify(state.guard.verdicts),
  });
  if (!state.contract) return undefined;
  const verdict = evaluateContract(state.contract, state.calls);
  span.setAttribute(Toolscope.CONTRACT_VERDICT, verdict.verdict);
  span.setAttribute(Toolscope.CONTRACT_VIOLATIONS, JSON.stringify(verdict.violations));
  for (const violation of verdict.violations) {
    span.addEvent(ToolscopeEvent.CONTRACT_VIOLATION, {
      [Otel.ERROR_TYPE]: violation.errorType,
      [Toolscope.CONTRACT_VIOLATIONS]: JSON.stringify([violation]),
    });
  }
  return verdict;
}
