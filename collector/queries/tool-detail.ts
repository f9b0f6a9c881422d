/**
 * One tool's page: accuracy over time, its error taxonomy, latency histogram,
 * retries by reason and recent failing calls. Counts and latency come from the
 * rollups; error types, retry reasons and failing calls need raw rows and are
 * read through partial indexes on failures and retries.
 */
import { LATENCY_BUCKET_BOUNDS_MS } from '../analysis/latency-histogram.ts';
import type { Database } from '../db/client.ts';
import { ToolDetailInputSchema, type ToolDetailInput } from './inputs.ts';
import { accuracySeries } from './overview.ts';
import { redactPayload } from './redact-output.ts';
import type { ErrorTypeCount, FailingCall, LatencyBucket, ToolDetail } from './results.ts';
import { retryReasons } from './retries.ts';
import { Params, histogramSumSql, isoRequired, rollupCountsSql, rollupSource, toolCallWhere, withAnalyticsSession, type Filters } from './sql.ts';
import { toolStats, type SummedCounts } from './stats.ts';
import { chooseBucketSeconds } from './time-buckets.ts';

export function latencyBuckets(counts: readonly number[]): LatencyBucket[] {
  return counts.map((count, i) => ({
    lowerBoundMs: i === 0 ? 0 : LATENCY_BUCKET_BOUNDS_MS[i - 1]!,
    upperBoundMs: LATENCY_BUCKET_BOUNDS_MS[i] ?? null,
    count,
  }));
}

async function errorTypes(db: Database, filters: Filters): Promise<ErrorTypeCount[]> {
  const params = new Params();
  const { rows } = await withAnalyticsSession(db, (client) => client.query<ErrorTypeCount>(
    `SELECT coalesce(t.error_category, 'execution') AS category, coalesce(t.error_type, 'unknown') AS type,
            count(*)::float8 AS failures
       FROM tool_calls t
      WHERE ${toolCallWhere(params, filters)} AND t.outcome = 'failure'
      GROUP BY 1, 2
      ORDER BY 3 DESC, 1, 2`,
    params.values,
  ));
  return rows;
}

export async function recentFailures(db: Database, filters: Filters, limit: number): Promise<FailingCall[]> {
  const params = new Params();
  const where = toolCallWhere(params, filters);
  const { rows } = await db.pool.query(
    `SELECT t.trace_id, t.span_id, t.tool_name, t.started_at, t.duration_ms, t.error_category, t.error_type,
            t.error_message, t.arguments, t.agent_name, t.model_name, t.attempt
       FROM tool_calls t
      WHERE ${where} AND t.outcome = 'failure'
      ORDER BY t.started_at DESC
      LIMIT ${params.add(limit)}`,
    params.values,
  );
  return rows.map((row) => ({
    traceId: row.trace_id,
    spanId: row.span_id,
    tool: row.tool_name,
    startedAt: isoRequired(row.started_at),
    durationMs: row.duration_ms,
    errorCategory: row.error_category,
    errorType: row.error_type,
    errorMessage: row.error_message,
    arguments: redactPayload(row.arguments),
    agent: row.agent_name,
    model: row.model_name,
    attempt: row.attempt,
  }));
}

export async function getToolDetail(db: Database, rawInput: ToolDetailInput): Promise<ToolDetail> {
  const input = ToolDetailInputSchema.parse(rawInput);
  const bucketSeconds = chooseBucketSeconds(input.from, input.to);
  const params = new Params();
  const [sum, series, types, retries, failures] = await Promise.all([
    db.pool
      .query<SummedCounts>(
        `SELECT ${rollupCountsSql()}, ${histogramSumSql()} AS histogram FROM ${rollupSource(params, input)}`,
        params.values,
      )
      .then((result) => result.rows[0]!),
    accuracySeries(db, input, bucketSeconds),
    errorTypes(db, input),
    retryReasons(db, input),
    recentFailures(db, input, input.recentFailuresLimit),
  ]);
  return {
    from: isoRequired(input.from),
    to: isoRequired(input.to),
    bucketSeconds,
    stats: toolStats(input.tool, sum),
    series,
    errorTypes: types,
    latencyHistogram: latencyBuckets(sum.histogram),
    retriesByReason: retries,
    recentFailures: failures,
  };
}
