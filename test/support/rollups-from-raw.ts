/**
 * Builds `tool_call_rollups` from raw `tool_calls` in one SQL statement, with
 * the same rules ingest uses (collector/ingest/rollups.ts): minute buckets,
 * '' for unknown agent/model, retries = attempt > 1, refusals =
 * protocol/refusal, latency buckets with inclusive upper bounds. Used by the
 * query tests and the query benchmark, whose rows are written with SQL.
 */
import type pg from 'pg';
import { LATENCY_BUCKET_BOUNDS_MS, LATENCY_BUCKET_COUNT } from '../../collector/analysis/latency-histogram.ts';

const BOUNDS = `ARRAY[${LATENCY_BUCKET_BOUNDS_MS.join(',')}]::float8[]`;

/** 0-based histogram index: how many bounds lie strictly below the duration. */
const BUCKET_INDEX = `(width_bucket(t.duration_ms, ${BOUNDS}) - (t.duration_ms = ANY(${BOUNDS}))::int)`;

export function rollupsFromRawSql(where: string): string {
  const histogram = Array.from({ length: LATENCY_BUCKET_COUNT }, (_, i) => `count(*) FILTER (WHERE ${BUCKET_INDEX} = ${i})::int`);
  return `
    INSERT INTO tool_call_rollups (project_id, bucket, tool_name, agent_name, model_name, calls, failures,
      fail_selection, fail_arguments, fail_execution, fail_protocol, fail_orchestration, retries, refusals,
      duration_sum_ms, latency_histogram)
    SELECT t.project_id, date_trunc('minute', t.started_at), t.tool_name, coalesce(t.agent_name, ''), coalesce(t.model_name, ''),
           count(*),
           count(*) FILTER (WHERE t.outcome = 'failure'),
           count(*) FILTER (WHERE t.outcome = 'failure' AND t.error_category = 'selection'),
           count(*) FILTER (WHERE t.outcome = 'failure' AND t.error_category = 'arguments'),
           count(*) FILTER (WHERE t.outcome = 'failure' AND t.error_category = 'execution'),
           count(*) FILTER (WHERE t.outcome = 'failure' AND t.error_category = 'protocol'),
           count(*) FILTER (WHERE t.outcome = 'failure' AND t.error_category = 'orchestration'),
           count(*) FILTER (WHERE t.attempt > 1),
           count(*) FILTER (WHERE t.error_category = 'protocol' AND t.error_type = 'refusal'),
           sum(t.duration_ms),
           ARRAY[${histogram.join(', ')}]
      FROM tool_calls t
     WHERE ${where}
     GROUP BY 1, 2, 3, 4, 5`;
}

/**
 * Replaces the project's rollups with ones computed from its raw tool calls.
 * The hourly rollups follow the minute ones by trigger on insert, not on
 * delete, so they are cleared here too, and so are deltas not folded yet,
 * which readers would otherwise count a second time.
 */
export async function rebuildRollups(pool: pg.Pool, projectId: string): Promise<void> {
  await pool.query('DELETE FROM tool_call_rollup_deltas WHERE project_id = $1::uuid', [projectId]);
  await pool.query('DELETE FROM tool_call_rollups WHERE project_id = $1::uuid', [projectId]);
  await pool.query('DELETE FROM tool_call_rollups_hourly WHERE project_id = $1::uuid', [projectId]);
  await pool.query(rollupsFromRawSql('t.project_id = $1::uuid'), [projectId]);
}
