/**
 * The naive way to answer the rollup-backed screens: aggregate the raw
 * tool_calls of the window directly (exact percentiles included). The
 * benchmark times these against the read models in the same run.
 */
import type { Database } from '../../../collector/db/client.ts';
import { LATENCY_BUCKET_BOUNDS_MS } from '../../../collector/analysis/latency-histogram.ts';

interface Window {
  projectId: string;
  from: Date;
  to: Date;
  tool?: string;
  agent?: string;
}

function where(w: Window): { sql: string; values: unknown[] } {
  const values: unknown[] = [w.projectId, w.from, w.to];
  let sql = 't.project_id = $1::uuid AND t.started_at >= $2 AND t.started_at < $3';
  if (w.tool) sql += ` AND t.tool_name = $${values.push(w.tool)}`;
  if (w.agent) sql += ` AND t.agent_name = $${values.push(w.agent)}`;
  return { sql, values };
}

export async function naiveOverview(db: Database, w: Window, bucketSeconds: number): Promise<number> {
  const { sql, values } = where(w);
  const [totals] = await Promise.all([
    db.pool.query(
      `SELECT count(*) AS calls, count(*) FILTER (WHERE outcome = 'failure') AS failures,
              count(*) FILTER (WHERE attempt > 1) AS retries,
              count(*) FILTER (WHERE error_category = 'protocol' AND error_type = 'refusal') AS refusals,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY duration_ms) AS p50,
              percentile_cont(0.95) WITHIN GROUP (ORDER BY duration_ms) AS p95,
              count(*) FILTER (WHERE error_category = 'selection') AS selection,
              count(*) FILTER (WHERE error_category = 'arguments') AS arguments,
              count(*) FILTER (WHERE error_category = 'execution') AS execution,
              count(*) FILTER (WHERE error_category = 'protocol') AS protocol,
              count(*) FILTER (WHERE error_category = 'orchestration') AS orchestration
         FROM tool_calls t WHERE ${sql}`,
      values,
    ),
    db.pool.query(
      `SELECT date_bin(make_interval(secs => ${bucketSeconds}), started_at, TIMESTAMPTZ '1970-01-01 00:00:00+00') AS bucket,
              count(*), count(*) FILTER (WHERE outcome = 'failure')
         FROM tool_calls t WHERE ${sql} GROUP BY 1`,
      values,
    ),
    naiveTools(db, w),
  ]);
  return totals.rows[0].calls;
}

export async function naiveTools(db: Database, w: Window): Promise<number> {
  const { sql, values } = where(w);
  const { rows } = await db.pool.query(
    `SELECT tool_name, count(*), count(*) FILTER (WHERE outcome = 'failure'),
            percentile_cont(0.5) WITHIN GROUP (ORDER BY duration_ms),
            percentile_cont(0.95) WITHIN GROUP (ORDER BY duration_ms)
       FROM tool_calls t WHERE ${sql} GROUP BY tool_name`,
    values,
  );
  return rows.length;
}

export async function naiveToolDetail(db: Database, w: Window & { tool: string }, bucketSeconds: number): Promise<void> {
  const { sql, values } = where(w);
  const bounds = `ARRAY[${LATENCY_BUCKET_BOUNDS_MS.join(',')}]::float8[]`;
  await Promise.all([
    naiveOverview(db, w, bucketSeconds),
    db.pool.query(`SELECT width_bucket(duration_ms, ${bounds}), count(*) FROM tool_calls t WHERE ${sql} GROUP BY 1`, values),
    db.pool.query(
      `SELECT error_category, error_type, count(*) FROM tool_calls t WHERE ${sql} AND outcome = 'failure' GROUP BY 1, 2`,
      values,
    ),
    db.pool.query(`SELECT retry_reason, count(*) FROM tool_calls t WHERE ${sql} AND attempt > 1 GROUP BY 1`, values),
    db.pool.query(`SELECT * FROM tool_calls t WHERE ${sql} AND outcome = 'failure' ORDER BY started_at DESC LIMIT 20`, values),
  ]);
}
