/**
 * The workers this part of the collector runs in the background, as factories
 * the server starts after it listens and stops before it closes. Knobs come
 * from the environment so a deployment can tune them without code:
 *
 *   TOOLSCOPE_ANALYSIS_INTERVAL_MS   (5000)    how often runs are analysed
 *   TOOLSCOPE_RUN_QUIET_MS           (60000)   a run without an ended root is complete after this long without spans
 *   TOOLSCOPE_MAX_ITERATIONS         (unset)   iteration limit for runs that declare none
 *   TOOLSCOPE_ALERT_INTERVAL_MS      (30000)   how often alert rules are evaluated
 *   TOOLSCOPE_WEBHOOK_INTERVAL_MS    (5000)    how often queued notifications are sent
 *   TOOLSCOPE_RETENTION_INTERVAL_MS  (3600000) how often old raw rows are deleted
 */
import { startAlertEvaluator } from '../alerts/evaluator.ts';
import { startWebhookDispatcher } from '../alerts/dispatcher.ts';
import type { Database } from '../db/client.ts';
import type { Worker } from './interval-worker.ts';
import { startRetentionWorker } from './retention.ts';
import { startAnalysisWorker } from './worker.ts';

const numberFrom = (env: NodeJS.ProcessEnv, name: string, fallback: number | undefined): number | undefined => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${JSON.stringify(raw)}`);
  return value;
};

export function analysisWorkerFactories(
  env: NodeJS.ProcessEnv = process.env,
  log: (message: string, error: unknown) => void = (message, error) => console.error(message, error),
): ReadonlyArray<(db: Database) => Worker> {
  const onError = (what: string) => (error: unknown) => log(`${what} failed`, error);
  return [
    (db) =>
      startAnalysisWorker({
        db,
        intervalMs: numberFrom(env, 'TOOLSCOPE_ANALYSIS_INTERVAL_MS', 5_000),
        quietPeriodMs: numberFrom(env, 'TOOLSCOPE_RUN_QUIET_MS', 60_000),
        maxIterations: numberFrom(env, 'TOOLSCOPE_MAX_ITERATIONS', undefined),
        onError: onError('run analysis'),
      }),
    (db) => startAlertEvaluator({ db, intervalMs: numberFrom(env, 'TOOLSCOPE_ALERT_INTERVAL_MS', 30_000), onError: onError('alert evaluation') }),
    (db) => startWebhookDispatcher({ db, intervalMs: numberFrom(env, 'TOOLSCOPE_WEBHOOK_INTERVAL_MS', 5_000), onError: onError('webhook delivery') }),
    (db) => startRetentionWorker({ db, intervalMs: numberFrom(env, 'TOOLSCOPE_RETENTION_INTERVAL_MS', 3_600_000), onError: onError('retention') }),
  ];
}
