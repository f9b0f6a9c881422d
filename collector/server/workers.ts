/**
 * Background work the collector runs beside its HTTP server (analyses, alert
 * evaluation, webhook delivery, retention). Each entry starts one worker.
 */
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { BackgroundWorker } from './start.ts';

export const BACKGROUND_WORKERS: ReadonlyArray<(db: Database, config: Config) => BackgroundWorker> = [];
