/**
 * Moves appended rollup deltas into the rollup tables. Ingest appends (no
 * shared rows, so concurrent requests never queue behind each other); this
 * fold is where the shared rows are updated, once for many requests' deltas.
 *
 * Exactly once: the deltas are deleted and added in the same transaction.
 * One fold at a time (an advisory lock), so folds never contend either.
 */
import type pg from 'pg';
import { LATENCY_BUCKET_COUNT } from '../analysis/latency-histogram.ts';
import { withTransaction } from '../db/transaction.ts';
import { CATEGORIES, CATEGORY_COLUMNS } from './rollups.ts';

/** Any constant, distinct from the migration runner's. */
const FOLD_LOCK_KEY = 72_707_364;

const KEY = 'project_id, bucket, tool_name, agent_name, model_name';
const COUNTERS = ['calls', 'failures', ...CATEGORIES.map((c) => CATEGORY_COLUMNS[c]), 'retries', 'refusals'];
/** Element by element: cheaper than unnest + array_agg in a subquery per row. */
const HISTOGRAM_MERGE = `ARRAY[${Array.from({ length: LATENCY_BUCKET_COUNT }, (_, i) => `coalesce(r.latency_histogram[${i + 1}], 0) + coalesce(EXCLUDED.latency_histogram[${i + 1}], 0)`).join(', ')}]::int[]`;
const HISTOGRAM_SUM = `ARRAY[${Array.from({ length: LATENCY_BUCKET_COUNT }, (_, i) => `coalesce(sum(latency_histogram[${i + 1}]), 0)`).join(', ')}]::int[]`;

const FOLD_TOOL_CALLS = `
WITH moved AS (DELETE FROM tool_call_rollup_deltas RETURNING *)
INSERT INTO tool_call_rollups AS r (${KEY}, ${COUNTERS.join(', ')}, duration_sum_ms, latency_histogram)
SELECT ${KEY}, ${COUNTERS.map((c) => `sum(${c})::int`).join(', ')}, sum(duration_sum_ms), ${HISTOGRAM_SUM}
  FROM moved
 GROUP BY ${KEY}
 ORDER BY ${KEY}
ON CONFLICT (${KEY}) DO UPDATE SET
  ${COUNTERS.map((c) => `${c} = r.${c} + EXCLUDED.${c}`).join(',\n  ')},
  duration_sum_ms = r.duration_sum_ms + EXCLUDED.duration_sum_ms,
  latency_histogram = ${HISTOGRAM_MERGE}`;

const FOLD_MODEL_TURNS = `
WITH moved AS (DELETE FROM model_turn_rollup_deltas RETURNING *)
INSERT INTO model_turn_rollups AS m (project_id, bucket, agent_name, model_name, turns, refusals)
SELECT project_id, bucket, agent_name, model_name, sum(turns)::int, sum(refusals)::int
  FROM moved
 GROUP BY project_id, bucket, agent_name, model_name
ON CONFLICT (project_id, bucket, agent_name, model_name) DO UPDATE SET
  turns = m.turns + EXCLUDED.turns, refusals = m.refusals + EXCLUDED.refusals`;

export interface FoldResult {
  toolCallRows: number;
  modelTurnRows: number;
}

/**
 * Folds every delta committed so far. Waits for a fold in progress rather
 * than skipping, so when it returns, deltas committed before the call are in
 * the rollups (the collector's fold worker calls it every second; tests call
 * it to read the rollup tables themselves).
 */
export async function foldRollupDeltas(pool: pg.Pool): Promise<FoldResult> {
  return withTransaction(pool, async (client) => {
    // Rollups are derived data: if a crash loses this commit, it loses the
    // delete of the deltas with it, and the next fold redoes the work. So the
    // fold need not wait for its WAL flush (one fsync less per fold).
    await client.query('SET LOCAL synchronous_commit = off');
    await client.query('SELECT pg_advisory_xact_lock($1)', [FOLD_LOCK_KEY]);
    const tools = await client.query({ name: 'fold-tool-call-rollups', text: FOLD_TOOL_CALLS });
    const turns = await client.query({ name: 'fold-model-turn-rollups', text: FOLD_MODEL_TURNS });
    return { toolCallRows: tools.rowCount ?? 0, modelTurnRows: turns.rowCount ?? 0 };
  });
}

/**
 * Every fold deletes what ingest appended, so between autovacuum's visits (at
 * most one a minute per database) the delta tables fill with dead rows that
 * every fold and every rollup read scans: at 15k spans/s, 17 MB and 76,000
 * dead rows after 40 s (measured). The fold worker calls this every few
 * seconds instead, which keeps them at a few pages. Outside a transaction,
 * as VACUUM must be; SKIP_LOCKED so it never waits on another vacuum.
 */
export async function vacuumRollupDeltas(pool: pg.Pool): Promise<void> {
  await pool.query('VACUUM (SKIP_LOCKED) tool_call_rollup_deltas, model_turn_rollup_deltas');
}
