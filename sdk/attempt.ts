/**
 * One attempt of a tool call: runs the tool with an AbortSignal, ends it at
 * the tool's timeout or when the caller cancels, and classifies what it threw.
 */
import type { z } from 'zod';
import { classifyError, type ClassifiedError } from './classify.ts';
import type { RunState } from './core.ts';
import type { ToolRunContext, ToolSpec } from './tool.ts';

export type AttemptOutcome<R> =
  | { readonly ok: true; readonly value: R }
  | { readonly ok: false; readonly error: ClassifiedError; readonly thrown: unknown };

export async function runAttempt<S extends z.ZodType, R>(
  spec: ToolSpec<S, R>,
  args: z.output<S>,
  call: { callId: string; attempt: number; run: RunState | undefined; signal: AbortSignal | undefined },
): Promise<AttemptOutcome<R>> {
  // Created on first use: most tools never read their signal, and an AbortController is a noticeable
  // share of a call's cost when nothing can abort it.
  let controller: AbortController | undefined;
  const signalController = (): AbortController => (controller ??= new AbortController());
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let detach: (() => void) | undefined;
  // Only a timeout or the caller's signal can end an attempt early. Without either, no race is set up:
  // an abort listener costs more than the rest of the call (~17 µs in Node 20).
  let abortRace: Promise<never> | undefined;
  if (spec.timeoutMs !== undefined || call.signal) {
    abortRace = new Promise<never>((_resolve, reject) => {
      const abort = (reason: unknown): void => {
        signalController().abort(reason);
        reject(reason);
      };
      if (spec.timeoutMs !== undefined) {
        timer = setTimeout(() => {
          timedOut = true;
          abort(new DOMException(`Timed out after ${spec.timeoutMs} ms`, 'TimeoutError'));
        }, spec.timeoutMs);
      }
      const external = call.signal;
      if (external?.aborted) abort(external.reason);
      else if (external) {
        const onAbort = (): void => abort(external.reason);
        external.addEventListener('abort', onAbort, { once: true });
        detach = () => external.removeEventListener('abort', onAbort);
      }
    });
    // Read only when it wins the race; without this a rejection nobody awaits would crash the process.
    abortRace.catch(() => undefined);
  }
  try {
    const context: ToolRunContext = {
      get signal() {
        return signalController().signal;
      },
      callId: call.callId,
      attempt: call.attempt,
      agent: call.run?.agent,
      sessionId: call.run?.sessionId,
      model: call.run?.model,
    };
    const running = Promise.resolve().then(() => spec.run(args, context));
    // A tool that ignores its signal still loses the race, so a timeout always ends the attempt.
    const value = abortRace ? await Promise.race([running, abortRace]) : await running;
    return { ok: true, value };
  } catch (thrown) {
    return {
      ok: false,
      error: classifyError(thrown, { timedOut, ...(spec.timeoutMs !== undefined ? { timeoutMs: spec.timeoutMs } : {}) }),
      thrown,
    };
  } finally {
    if (timer) clearTimeout(timer);
    detach?.();
  }
}
