/**
 * The analysis worker: on an interval, claims runs whose spans changed since
 * they were last analysed (or that just became complete by going quiet),
 * analyses them and marks them analysed. Claims use FOR UPDATE SKIP LOCKED,
 * so several collectors can share the work without analysing a run twice at
 * the same time.
 */
import type { PoolClient } from 'pg';
import type { Database } from '../db/client.ts';
import { withTransaction } from '../db/transaction.ts';
import type { LoopOptions } from './loops.ts';
import { startIntervalWorker, type Worker } from './interval-worker.ts';
import { analyseRun, loadRunInputs, runKey, writeFindings, type RunFindings, type RunToAnalyse } from './run-analysis.ts';

export type { Worker };

export interface AnalysisWorkerOptions {
  db: Database;
  intervalMs?: number;
  /** A run without an ended root span counts as complete after this long without new spans. */
  quietPeriodMs?: number;
  maxIterations?: number;
  loops?: Partial<LoopOptions>;
  batchSize?: number;
  /**
   * An ingest transaction that began before an analysis but commits after it
   * stamps its run with its own, earlier, start time. Runs are therefore
   * marked analysed this far in the past, and looked at again (once) after
   * twice this long. They are also claimed only once their last span is this
   * old: right behind streaming ingest, a run would otherwise be analysed
   * twice, once within the margin and again after it. Default 2 s; tests use 0.
   */
  commitMarginMs?: number;
  onError?: (error: unknown) => void;
}


/**
 * Writes a batch's findings in one statement; should that fail, run by run,
 * each under its own savepoint, so one run's bad incident does not hold back
 * the others (they are all marked analysed, and retried when they change).
 */
async function writeBatchFindings(
  client: PoolClient,
  findings: readonly RunFindings[],
  onError: ((error: unknown) => void) | undefined,
): Promise<void> {
  if (findings.length === 0) return;
  await client.query('SAVEPOINT findings');
  try {
    await writeFindings(client, findings);
    await client.query('RELEASE SAVEPOINT findings');
    return;
  } catch {
    await client.query('ROLLBACK TO SAVEPOINT findings');
  }
  for (const finding of findings) {
    await client.query('SAVEPOINT run');
    try {
      await writeFindings(client, [finding]);
      await client.query('RELEASE SAVEPOINT run');
    } catch (error) {
      await client.query('ROLLBACK TO SAVEPOINT run');
      onError?.(error);
    }
  }
}

export function startAnalysisWorker(options: AnalysisWorkerOptions): Worker {
  const { db } = options;
  const intervalMs = options.intervalMs ?? 5_000;
  const quietSeconds = (options.quietPeriodMs ?? 60_000) / 1000;
  const batchSize = options.batchSize ?? 100;
  const marginSeconds = (options.commitMarginMs ?? 2_000) / 1000;
  const analysis = { loops: options.loops ?? {}, maxIterations: options.maxIterations };

  async function runOnce(): Promise<number> {
    return withTransaction(db.pool, async (client) => {
      const { rows } = await client.query<{ project_id: string; trace_id: string; agent_name: string | null; started_at: Date; complete: boolean }>(
        `SELECT project_id, trace_id, agent_name, started_at,
                (root_ended OR last_span_at + make_interval(secs => $1) <= now()) AS complete
           FROM runs
          -- The first line is runs_pending_analysis_idx's predicate word for word: with it the planner walks
          -- that index in last_span_at order and stops at the batch size (0.2 ms with 17,000 runs pending),
          -- instead of collecting and sorting every pending run per batch (13 ms).
          WHERE (analyzed_at IS NULL OR analyzed_at < last_span_at OR NOT root_ended)
            AND last_span_at <= now() - make_interval(secs => $3)
            AND (analyzed_at IS NULL
                 OR (analyzed_at <= now() - make_interval(secs => 2 * $3)
                     AND (analyzed_at < last_span_at
                          -- Not ended but quiet long enough to count as complete, and not judged as such yet.
                          OR (NOT root_ended
                              AND analyzed_at < last_span_at + make_interval(secs => $1)
                              AND last_span_at + make_interval(secs => $1) <= now()))))
          ORDER BY last_span_at
          LIMIT $2
          FOR UPDATE SKIP LOCKED`,
        [quietSeconds, batchSize, marginSeconds],
      );
      const runs: RunToAnalyse[] = rows.map((row) => ({
        projectId: row.project_id,
        traceId: row.trace_id,
        agentName: row.agent_name,
        startedAt: row.started_at,
        complete: row.complete,
      }));
      const inputs = await loadRunInputs(client, runs);
      const findings: RunFindings[] = [];
      for (const run of runs) {
        try {
          findings.push(analyseRun(run, analysis, inputs.get(runKey(run.projectId, run.traceId))!));
        } catch (error) {
          // One bad run must not hold back the others; it is marked analysed and retried when it changes.
          options.onError?.(error);
        }
      }
      await writeBatchFindings(client, findings, options.onError);
      if (rows.length > 0) {
        await client.query(
          // A join on the claimed keys: each is one primary-key lookup. (`project_id = ANY(…)` made Postgres
          // walk every run of the project: 14 ms a batch during bench:ingest.)
          `UPDATE runs AS r SET analyzed_at = now() - make_interval(secs => $3)
             FROM unnest($1::uuid[], $2::text[]) AS claimed(project_id, trace_id)
            WHERE r.project_id = claimed.project_id AND r.trace_id = claimed.trace_id`,
          [rows.map((r) => r.project_id), rows.map((r) => r.trace_id), marginSeconds],
        );
      }
      return rows.length;
    });
  }

  return startIntervalWorker(runOnce, intervalMs, batchSize, options.onError);
}
