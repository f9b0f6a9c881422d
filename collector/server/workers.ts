/**
 * Background work the collector runs beside its HTTP server: run analysis
 * (loops, contracts), alert evaluation, webhook delivery and retention.
 */
import { analysisWorkerFactories } from '../analysis/background.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { BackgroundWorker } from './start.ts';

export const BACKGROUND_WORKERS: ReadonlyArray<(db: Database, config: Config) => BackgroundWorker> = analysisWorkerFactories().map(
  (start) => (db: Database) => start(db),
);
