/** Span events the SDK adds to a run span while the run goes on. */
import { Otel, Toolscope, ToolscopeEvent } from './attributes.ts';
import type { RunState } from './core.ts';
import { safeStringify } from './json.ts';
import type { LoopVerdict } from './loop-guard.ts';

/** Adds the loop to the run span as an event as soon as it is seen; the full list is written when the run ends. */
export function recordLoopEvent(run: RunState, verdict: LoopVerdict): void {
  run.span.addEvent(ToolscopeEvent.LOOP_DETECTED, {
    [Otel.ERROR_TYPE]: verdict.errorType,
    [Toolscope.LOOP_VERDICTS]: safeStringify(verdict),
  });
}
