/** A background loop shared by the analysis, alert, webhook and retention workers. */

export interface Worker {
  /** Processes one batch now; resolves to how many items it handled. */
  runOnce(): Promise<number>;
  /** Stops the timer and waits for the batch in progress. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Runs `runOnce` every `intervalMs`, straight again while batches come back
 * full (a backlog), never two at a time. `stop` waits for the current batch.
 */
export function startIntervalWorker(
  runOnce: () => Promise<number>,
  intervalMs: number,
  fullBatch: number,
  onError: ((error: unknown) => void) | undefined,
): Worker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<number> | undefined;

  const exclusive = (): Promise<number> => {
    current = (current ?? Promise.resolve(0)).catch(() => 0).then(runOnce);
    return current;
  };

  const tick = async () => {
    timer = undefined;
    let handled = 0;
    try {
      handled = await exclusive();
    } catch (error) {
      onError?.(error);
    }
    if (!stopped) timer = setTimeout(tick, handled >= fullBatch ? 0 : intervalMs);
  };
  timer = setTimeout(tick, intervalMs);

  return {
    runOnce: exclusive,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current?.catch(() => {});
    },
  };
}
