/**
 * Per-tool totals over a time range, read from the per-minute rollups so the
 * answer stays fast at tens of millions of calls. Percentiles are estimated
 * from the latency histogram (within one bucket's width).
 */
import { z } from 'zod';
import { quantileFromHistogram } from '../analysis/latency-histogram.ts';
import type { Database } from '../db/client.ts';

export const ToolStatsInputSchema = z.object({
  projectId: z.uuid(),
  from: z.date(),
  to: z.date(),
  agent: z.string().min(1).optional(),
  model: z.string().min(1).optional(),
});
export type ToolStatsInput = z.input<typeof ToolStatsInputSchema>;

export interface ToolStats {
  toolName: string;
  calls: number;
  failures: number;
  /** successful calls / calls, 0..1. */
  accuracyRate: number;
  retries: number;
  p50Ms: number | null;
  p95Ms: number | null;
}

export async function toolStats(db: Database, rawInput: ToolStatsInput): Promise<ToolStats[]> {
  const input = ToolStatsInputSchema.parse(rawInput);
  const params: unknown[] = [input.projectId, input.from, input.to];
  // Minute buckets: a range starting mid-minute includes that whole minute.
  const where = ['project_id = $1', "bucket >= date_trunc('minute', $2::timestamptz)", 'bucket < $3'];
  if (input.agent) {
    params.push(input.agent);
    where.push(`agent_name = $${params.length}`);
  }
  if (input.model) {
    params.push(input.model);
    where.push(`model_name = $${params.length}`);
  }
  const { rows } = await db.pool.query(
    `WITH r AS (
       SELECT tool_name, calls, failures, retries, latency_histogram
         FROM tool_call_rollups WHERE ${where.join(' AND ')}
     ),
     totals AS (
       SELECT tool_name, sum(calls) AS calls, sum(failures) AS failures, sum(retries) AS retries
         FROM r GROUP BY tool_name
     ),
     hist AS (
       SELECT tool_name, array_agg(v ORDER BY i) AS histogram
         FROM (SELECT r.tool_name, x.i, sum(x.v) AS v
                 FROM r, unnest(r.latency_histogram) WITH ORDINALITY AS x(v, i)
                GROUP BY r.tool_name, x.i) per_bucket
        GROUP BY tool_name
     )
     SELECT totals.*, hist.histogram FROM totals LEFT JOIN hist USING (tool_name)
      ORDER BY totals.calls DESC, totals.tool_name`,
    params,
  );
  return rows.map((r) => {
    const histogram = (r.histogram as number[] | null) ?? [];
    return {
      toolName: r.tool_name,
      calls: r.calls,
      failures: r.failures,
      accuracyRate: r.calls > 0 ? (r.calls - r.failures) / r.calls : 0,
      retries: r.retries,
      p50Ms: quantileFromHistogram(histogram, 0.5),
      p95Ms: quantileFromHistogram(histogram, 0.95),
    };
  });
}
