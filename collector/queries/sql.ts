/**
 * Small helpers to build parameterised SQL for the read models: a parameter
 * list that hands out `$n` placeholders, and the WHERE clauses of the two
 * sources a read model can use (the minute rollups and the raw tool calls).
 */
import type pg from 'pg';
import { LATENCY_BUCKET_COUNT } from '../analysis/latency-histogram.ts';
import { withTransaction } from '../db/transaction.ts';

export class Params {
  readonly values: unknown[] = [];

  /** Adds a value and returns its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export interface Filters {
  projectId: string;
  from: Date;
  to: Date;
  tool?: string | undefined;
  agent?: string | undefined;
  model?: string | undefined;
}

const ROLLUP_COLUMNS = `bucket, tool_name, agent_name, model_name, calls, failures, fail_selection, fail_arguments,
  fail_execution, fail_protocol, fail_orchestration, retries, refusals, duration_sum_ms, latency_histogram`;

const HOUR_MS = 3_600_000;

/**
 * The rollup rows of a range as a FROM-able subquery aliased `alias`: whole
 * hours from the hourly rollups, the partial hours at either edge from the
 * minute rollups. With `hourly: false` (charts with buckets finer than an
 * hour) everything comes from the minute rollups.
 *
 * Either way it adds the deltas ingest appended and the fold has not moved
 * yet (a second's worth, see collector/ingest/fold-rollups.ts), so a read
 * right after a 200 counts that request's calls. A fold moves deltas in one
 * transaction, so a snapshot sees each call once: as a delta or folded.
 * Readers always sum these rows; a key may appear more than once.
 */
export function rollupSource(params: Params, filters: Filters, options: { hourly?: boolean; alias?: string } = {}): string {
  const alias = options.alias ?? 'r';
  const firstMinute = new Date(Math.floor(filters.from.getTime() / 60_000) * 60_000);
  const firstHour = new Date(Math.ceil(firstMinute.getTime() / HOUR_MS) * HOUR_MS);
  const lastHour = new Date(Math.floor(filters.to.getTime() / HOUR_MS) * HOUR_MS);
  const part = (table: string, from: Date, to: Date) => {
    const clauses = [
      `project_id = ${params.add(filters.projectId)}::uuid`,
      `bucket >= ${params.add(from)}::timestamptz`,
      `bucket < ${params.add(to)}::timestamptz`,
    ];
    if (filters.tool) clauses.push(`tool_name = ${params.add(filters.tool)}`);
    if (filters.agent) clauses.push(`agent_name = ${params.add(filters.agent)}`);
    if (filters.model) clauses.push(`model_name = ${params.add(filters.model)}`);
    return `SELECT ${ROLLUP_COLUMNS} FROM ${table} WHERE ${clauses.join(' AND ')}`;
  };
  const pending = part('tool_call_rollup_deltas', firstMinute, filters.to);
  if (options.hourly === false || firstHour.getTime() >= lastHour.getTime()) {
    return `(${part('tool_call_rollups', firstMinute, filters.to)}
    UNION ALL ${pending}) ${alias}`;
  }
  return `(${part('tool_call_rollups', firstMinute, firstHour)}
    UNION ALL ${part('tool_call_rollups_hourly', firstHour, lastHour)}
    UNION ALL ${part('tool_call_rollups', lastHour, filters.to)}
    UNION ALL ${pending}) ${alias}`;
}

/** Raw tool-call rows of the range. */
export function toolCallWhere(params: Params, filters: Filters, alias = 't'): string {
  const clauses = [
    `${alias}.project_id = ${params.add(filters.projectId)}::uuid`,
    `${alias}.started_at >= ${params.add(filters.from)}::timestamptz`,
    `${alias}.started_at < ${params.add(filters.to)}::timestamptz`,
  ];
  if (filters.tool) clauses.push(`${alias}.tool_name = ${params.add(filters.tool)}`);
  if (filters.agent) clauses.push(`${alias}.agent_name = ${params.add(filters.agent)}`);
  if (filters.model) clauses.push(`${alias}.model_name = ${params.add(filters.model)}`);
  return clauses.join(' AND ');
}

/**
 * Element-wise sum of the rollups' latency histograms as one float8[].
 * Explicit subscripts are far cheaper than unnesting every array.
 */
export function histogramSumSql(alias = 'r'): string {
  const parts: string[] = [];
  for (let i = 1; i <= LATENCY_BUCKET_COUNT; i++) parts.push(`coalesce(sum(${alias}.latency_histogram[${i}]), 0)`);
  return `ARRAY[${parts.join(', ')}]::float8[]`;
}

/** The rollup columns every stats query sums. */
export function rollupCountsSql(alias = 'r'): string {
  return [
    `coalesce(sum(${alias}.calls), 0)::float8 AS calls`,
    `coalesce(sum(${alias}.failures), 0)::float8 AS failures`,
    `coalesce(sum(${alias}.retries), 0)::float8 AS retries`,
    `coalesce(sum(${alias}.refusals), 0)::float8 AS refusals`,
    `coalesce(sum(${alias}.duration_sum_ms), 0)::float8 AS duration_sum_ms`,
  ].join(', ');
}

export const iso = (value: Date | string | null | undefined): string | null =>
  value == null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

export const isoRequired = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * Runs aggregates over raw rows on one connection with settings suited to
 * them: no JIT (on a 30-day taxonomy it spent ~1 s compiling for a 5 s
 * query) and enough work_mem to hash-group in memory rather than sort (the
 * planner overestimates a taxonomy's groups tenfold and only hashes when it
 * thinks they fit). `SET LOCAL` keeps the settings inside this transaction.
 */
export async function withAnalyticsSession<T>(
  db: { pool: Pick<pg.Pool, 'connect'> },
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  return withTransaction(
    db.pool,
    async (client) => {
      await client.query("SET LOCAL jit = off; SET LOCAL work_mem = '256MB'");
      return work(client);
    },
    'BEGIN READ ONLY',
  );
}
