/**
 * Per project × minute × tool × agent × model counters, folded from the tool
 * calls a batch newly inserted (re-sent spans insert nothing, so count nothing).
 */
import type pg from 'pg';
import type { ErrorCategory } from '../../sdk/taxonomy.ts';
import { LATENCY_BUCKET_COUNT, latencyBucketIndex } from '../analysis/latency-histogram.ts';

export interface InsertedToolCall {
  bucket: string;
  toolName: string;
  agentName: string | null;
  modelName: string | null;
  outcome: string;
  errorCategory: string | null;
  errorType: string | null;
  attempt: number;
  durationMs: number;
  /** +1 to count the call, −1 to take it back (when its agent or model was resolved later). */
  sign: 1 | -1;
}

interface RollupRow {
  bucket: string;
  toolName: string;
  agentName: string;
  modelName: string;
  calls: number;
  failures: number;
  byCategory: Record<ErrorCategory, number>;
  retries: number;
  refusals: number;
  durationSumMs: number;
  histogram: number[];
}

export const CATEGORY_COLUMNS: Record<ErrorCategory, string> = {
  selection: 'fail_selection',
  arguments: 'fail_arguments',
  execution: 'fail_execution',
  protocol: 'fail_protocol',
  orchestration: 'fail_orchestration',
};
export const CATEGORIES = Object.keys(CATEGORY_COLUMNS) as ErrorCategory[];

export function foldRollups(calls: readonly InsertedToolCall[]): RollupRow[] {
  // (sums of +1/−1 may cancel to an all-zero row; adding zeros is harmless)
  const rows = new Map<string, RollupRow>();
  for (const call of calls) {
    const agentName = call.agentName ?? '';
    const modelName = call.modelName ?? '';
    const key = `${call.bucket}\u0000${call.toolName}\u0000${agentName}\u0000${modelName}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        bucket: call.bucket,
        toolName: call.toolName,
        agentName,
        modelName,
        calls: 0,
        failures: 0,
        byCategory: { selection: 0, arguments: 0, execution: 0, protocol: 0, orchestration: 0 },
        retries: 0,
        refusals: 0,
        durationSumMs: 0,
        histogram: new Array<number>(LATENCY_BUCKET_COUNT).fill(0),
      };
      rows.set(key, row);
    }
    const n = call.sign;
    row.calls += n;
    if (call.outcome === 'failure') {
      row.failures += n;
      const category = call.errorCategory as ErrorCategory | null;
      if (category && category in row.byCategory) row.byCategory[category] += n;
    }
    if (call.attempt > 1) row.retries += n;
    if (call.errorCategory === 'protocol' && call.errorType === 'refusal') row.refusals += n;
    row.durationSumMs += n * call.durationMs;
    row.histogram[latencyBucketIndex(call.durationMs)]! += n;
  }
  // A fixed order, so the same calls always give the same rows (the fold sorts again when it takes row locks).
  return [...rows.values()].sort((a, b) =>
    a.bucket < b.bucket ? -1 : a.bucket > b.bucket ? 1 : compareKeys(a, b),
  );
}

function compareKeys(a: RollupRow, b: RollupRow): number {
  const ka = `${a.toolName}\u0000${a.agentName}\u0000${a.modelName}`;
  const kb = `${b.toolName}\u0000${b.agentName}\u0000${b.modelName}`;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/**
 * Appends the rows to tool_call_rollup_deltas. Appending takes no lock another
 * request could wait on; `foldRollupDeltas` adds them into the rollups.
 */
export async function insertRollupDeltas(client: pg.PoolClient, projectId: string, rows: readonly RollupRow[]): Promise<void> {
  if (rows.length === 0) return;
  const categoryColumns = CATEGORIES.map((c) => CATEGORY_COLUMNS[c]);
  await client.query({
    // Named: prepared once per connection, so the plan is not rebuilt per request.
    name: 'ingest-insert-rollup-deltas',
    text: `INSERT INTO tool_call_rollup_deltas
       (project_id, bucket, tool_name, agent_name, model_name, calls, failures, ${categoryColumns.join(', ')},
        retries, refusals, duration_sum_ms, latency_histogram)
     SELECT $1, u.bucket, u.tool_name, u.agent_name, u.model_name, u.calls, u.failures,
            ${CATEGORIES.map((_, i) => `u.c${i}`).join(', ')}, u.retries, u.refusals, u.duration_sum_ms,
            string_to_array(u.histogram, ',')::int[]
       FROM unnest($2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[],
                   ${CATEGORIES.map((_, i) => `$${8 + i}::int[]`).join(', ')},
                   $13::int[], $14::int[], $15::float8[], $16::text[])
            AS u(bucket, tool_name, agent_name, model_name, calls, failures,
                 ${CATEGORIES.map((_, i) => `c${i}`).join(', ')}, retries, refusals, duration_sum_ms, histogram)`,
    values: [
      projectId,
      rows.map((r) => r.bucket),
      rows.map((r) => r.toolName),
      rows.map((r) => r.agentName),
      rows.map((r) => r.modelName),
      rows.map((r) => r.calls),
      rows.map((r) => r.failures),
      ...CATEGORIES.map((c) => rows.map((r) => r.byCategory[c])),
      rows.map((r) => r.retries),
      rows.map((r) => r.refusals),
      rows.map((r) => r.durationSumMs),
      rows.map((r) => r.histogram.join(',')),
    ],
  });
}
