/**
 * What every instrumented call needs at hand: the tracer, the capture and
 * redaction settings, and the run it belongs to. Resolved per call so tools
 * can be defined at import time, before telemetry is set up.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { context as otelContext, trace, type Context, type Span, type Tracer } from '@opentelemetry/api';
import type { RedactionRules } from './redact.ts';
import { DEFAULT_REFUSAL_PHRASES, type RefusalPhrase } from './refusal.ts';
import type { LoopGuard } from './loop-guard.ts';
import type { ContractCall, Contract } from './contract.ts';
import { SDK_VERSION, TRACER_NAME } from './version.ts';

export interface CaptureSettings {
  /** Record `gen_ai.tool.call.arguments`. Default true. */
  readonly arguments: boolean;
  /** Record `gen_ai.tool.call.result`. Default true. */
  readonly results: boolean;
  /** Longest arguments/result string kept on a span; longer ones are cut and flagged. Default 4096. */
  readonly maxChars: number;
}

export interface ToolscopeCore {
  readonly tracer: Tracer;
  /** Default `gen_ai.agent.name` for calls made outside a run. */
  readonly agentName: string | undefined;
  readonly capture: CaptureSettings;
  readonly redaction: RedactionRules;
  readonly refusalPhrases: readonly RefusalPhrase[];
  /** Source of randomness for retry jitter and generated call ids; replaceable for tests. */
  readonly random: () => number;
}

export const DEFAULT_CAPTURE: CaptureSettings = { arguments: true, results: true, maxChars: 4096 };

/** What the tools of a run share; lives in AsyncLocalStorage for the duration of `run()`. */
export interface RunState {
  readonly core: ToolscopeCore;
  readonly agent: string;
  readonly sessionId: string | undefined;
  readonly model: string | undefined;
  readonly span: Span;
  /** OTel context with the run span active: the parent of every span made inside the run. */
  readonly context: Context;
  readonly guard: LoopGuard;
  readonly loopPolicy: 'record' | 'stop';
  readonly contract: Contract | undefined;
  /** Every tool call of the run in call order, with its final outcome. */
  readonly calls: ContractCall[];
  /** Call ids already recorded as `selection/unknown_tool`, so an adapter does not record them twice. */
  readonly unknownCallIds: Set<string>;
  iteration: number;
  costUsd: number;
}

const runStorage = new AsyncLocalStorage<RunState>();

export function currentRun(): RunState | undefined {
  return runStorage.getStore();
}

export function withRun<T>(state: RunState, fn: () => T): T {
  // Also make the run span active for the application's own OpenTelemetry context manager, if it has one,
  // so its spans (HTTP calls to the model provider, …) nest under the run.
  return runStorage.run(state, () => otelContext.with(state.context, fn));
}

/**
 * The parent for a new span: the application's active context when its context manager tracks one
 * (finer-grained than ours), else the run's context, else the root.
 */
export function parentContext(run: RunState | undefined): Context {
  const active = otelContext.active();
  if (trace.getSpan(active)) return active;
  return run?.context ?? active;
}

let defaultCore: ToolscopeCore | undefined;

/** Makes `core` the one used by calls that name no Toolscope and run outside `run()`. */
export function setDefaultCore(core: ToolscopeCore | undefined): void {
  defaultCore = core;
}

export function getDefaultCore(): ToolscopeCore | undefined {
  return defaultCore;
}

let apiCore: ToolscopeCore | undefined;

/** Without any setup, spans go to whatever the global OpenTelemetry API holds: a no-op until someone registers a provider. */
function globalApiCore(): ToolscopeCore {
  apiCore ??= {
    tracer: trace.getTracer(TRACER_NAME, SDK_VERSION),
    agentName: undefined,
    capture: DEFAULT_CAPTURE,
    redaction: {},
    refusalPhrases: DEFAULT_REFUSAL_PHRASES,
    random: Math.random,
  };
  return apiCore;
}

/** Explicit choice, else the current run's, else the default, else the global API. */
export function resolveCore(explicit?: ToolscopeCore): ToolscopeCore {
  return explicit ?? currentRun()?.core ?? defaultCore ?? globalApiCore();
}

/** Short random id for tool calls the model gave no id to. */
export function generateCallId(random: () => number): string {
  let id = 'call_';
  for (let i = 0; i < 16; i++) id += Math.floor(random() * 36).toString(36);
  return id;
}
