/**
 * Background work the collector runs beside its HTTP server: run analysis
 * (loops, contracts), alert evaluation, webhook delivery, retention, and the
 * rollup fold that catches up when a fold after ingest could not run.
 */
import { analysisWorkerFactories } from '../analysis/background.ts';
import { startIntervalWorker } from '../analysis/interval-worker.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { foldRollupDeltas } from '../ingest/fold-rollups.ts';
import type { BackgroundWorker } from './start.ts';

const FOLD_INTERVAL_MS = 2_000;

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
