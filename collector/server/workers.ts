/**
 * Background work the collector runs beside its HTTP server: run analysis
 * (loops, contracts), alert evaluation, webhook delivery, retention, and the
 * rollup fold, which moves the deltas ingest appends into the rollups.
 */
import { analysisWorkerFactories } from '../analysis/background.ts';
import { startIntervalWorker } from '../analysis/interval-worker.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { foldRollupDeltas, vacuumRollupDeltas } from '../ingest/fold-rollups.ts';
import type { BackgroundWorker } from './start.ts';

/**
 * Readers add the deltas not folded yet, so this bounds how many they add
 * (about a second of ingest), not how fresh they are. One fold per second
 * sums many requests' deltas for the same minute and key into one update.
 */
const FOLD_INTERVAL_MS = 1_000;

/** How often the fold worker vacuums the delta tables, while folds find deltas (see vacuumRollupDeltas). */
const VACUUM_INTERVAL_MS = 5_000;

function startRollupFold(db: Database): BackgroundWorker {
  let foldedSinceVacuum = false;
  let lastVacuumAt = 0;
  return startIntervalWorker(
    async () => {
      const folded = await foldRollupDeltas(db.pool);
      const rows = folded.toolCallRows + folded.modelTurnRows;
      if (rows > 0) foldedSinceVacuum = true;
      if (foldedSinceVacuum && Date.now() - lastVacuumAt >= VACUUM_INTERVAL_MS) {
        lastVacuumAt = Date.now();
        foldedSinceVacuum = false;
        // The fold is committed whatever happens here; autovacuum remains the fallback.
        await vacuumRollupDeltas(db.pool).catch((error: unknown) => console.error('vacuum of rollup deltas failed', error));
      }
      return rows;
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
