/**
 * Retention: raw tool calls, run spans and runs older than their project's
 * `retentionDays` are deleted in bounded batches (short transactions, no long
 * locks against ingest); rollups are summaries and are kept much longer.
 */
import type { Database } from '../db/client.ts';
import { startIntervalWorker, type Worker } from './interval-worker.ts';

export const DEFAULT_ROLLUP_RETENTION_DAYS = 400;

export interface RetentionOptions {
  /** Rows deleted per statement. */
  batchSize?: number;
  rollupRetentionDays?: number;
  /** Stop after this many statements per table and project, leaving the rest for the next round. */
  maxBatches?: number;
}

export interface RetentionResult {
  toolCalls: number;
  runSpans: number;
  runs: number;
  rollups: number;
}

/** Deletes `table` rows of a project older than the cutoff, one bounded batch at a time. */
async function deleteInBatches(
  db: Database,
  table: 'tool_calls' | 'run_spans' | 'runs' | 'tool_call_rollups' | 'tool_call_rollups_hourly' | 'model_turn_rollups',
  timeColumn: string,
  projectId: string,
  cutoff: Date,
  batchSize: number,
  maxBatches: number,
): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < maxBatches; i++) {
    const result = await db.pool.query(
      `DELETE FROM ${table} WHERE ctid = ANY(ARRAY(
         SELECT ctid FROM ${table} WHERE project_id = $1::uuid AND ${timeColumn} < $2::timestamptz LIMIT $3))`,
      [projectId, cutoff, batchSize],
    );
    deleted += result.rowCount ?? 0;
    if ((result.rowCount ?? 0) < batchSize) break;
  }
  return deleted;
}

export async function enforceRetention(db: Database, options: RetentionOptions = {}): Promise<RetentionResult> {
  const batchSize = options.batchSize ?? 5_000;
  const maxBatches = options.maxBatches ?? 1_000;
  const rollupDays = options.rollupRetentionDays ?? DEFAULT_ROLLUP_RETENTION_DAYS;
  const total: RetentionResult = { toolCalls: 0, runSpans: 0, runs: 0, rollups: 0 };
  const projects = await db.pool.query<{ id: string; cutoff: Date; rollup_cutoff: Date }>(
    `SELECT id, now() - make_interval(days => retention_days) AS cutoff,
            now() - make_interval(days => greatest(retention_days, $1)) AS rollup_cutoff
       FROM projects`,
    [rollupDays],
  );
  for (const project of projects.rows) {
    total.toolCalls += await deleteInBatches(db, 'tool_calls', 'started_at', project.id, project.cutoff, batchSize, maxBatches);
    total.runSpans += await deleteInBatches(db, 'run_spans', 'started_at', project.id, project.cutoff, batchSize, maxBatches);
    // Judged by start time, like its spans, so the (project_id, started_at) index finds them.
    total.runs += await deleteInBatches(db, 'runs', 'started_at', project.id, project.cutoff, batchSize, maxBatches);
    for (const rollups of ['tool_call_rollups', 'tool_call_rollups_hourly', 'model_turn_rollups'] as const) {
      total.rollups += await deleteInBatches(db, rollups, 'bucket', project.id, project.rollup_cutoff, batchSize, maxBatches);
    }
  }
  return total;
}

export function startRetentionWorker(options: RetentionOptions & { db: Database; intervalMs?: number; onError?: (error: unknown) => void }): Worker {
  return startIntervalWorker(
    async () => {
      const result = await enforceRetention(options.db, options);
      return result.toolCalls + result.runSpans + result.runs + result.rollups;
    },
    options.intervalMs ?? 60 * 60 * 1000,
    Number.POSITIVE_INFINITY,
    options.onError,
  );
}
