/**
 * Background work the collector runs beside its HTTP server: run analysis
 * (loops, contracts), alert evaluation, webhook delivery, retention, and the
 * rollup fold, which moves the deltas ingest appends into the rollups.
 */
import { analysisWorkerFactories } from '../analysis/background.ts';
import { startIntervalWorker } from '../analysis/interval-worker.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { foldRollupDeltas } from '../ingest/fold-rollups.ts';
import type { BackgroundWorker } from './start.ts';

/**
 * Readers add the deltas not folded yet, so this bounds how many they add
 * (about a second of ingest), not how fresh they are. One fold per second
 * sums many requests' deltas for the same minute and key into one update.
 */
const FOLD_INTERVAL_MS = 1_000;

function startRollupFold(db: Database): BackgroundWorker {
  return startIntervalWorker(
    async () => {
      const folded = await foldRollupDeltas(db.pool);
      return folded.toolCallRows + folded.modelTurnRows;
    },
    FOLD_INTERVAL_MS,
    Number.POSITIVE_INFINITY,
    (error) => console.error('rollup fold failed', error),
  );
}

export const BACKGROUND_WORKERS: ReadonlyArray<(db: Database, config: Config) => BackgroundWorker> = [
  startRollupFold,
  ...analysisWorkerFactories().map((start) => (db: Database) => start(db)),
];
