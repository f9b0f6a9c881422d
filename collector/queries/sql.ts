/**
 * Small helpers to build parameterised SQL for the read models: a parameter
 * list that hands out `$n` placeholders, and the WHERE clauses of the two
 * sources a read model can use (the minute rollups and the raw tool calls).
 */
import { LATENCY_BUCKET_COUNT } from '../analysis/latency-histogram.ts';

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

/**
 * Rollup rows of the range. Buckets are whole minutes, so the minute holding
 * `from` is included; unknown agent/model are stored as '' and never match a
 * named filter.
 */
export function rollupWhere(params: Params, filters: Filters, alias = 'r'): string {
  const clauses = [
    `${alias}.project_id = ${params.add(filters.projectId)}::uuid`,
    `${alias}.bucket >= date_trunc('minute', ${params.add(filters.from)}::timestamptz)`,
    `${alias}.bucket < ${params.add(filters.to)}::timestamptz`,
  ];
  if (filters.tool) clauses.push(`${alias}.tool_name = ${params.add(filters.tool)}`);
  if (filters.agent) clauses.push(`${alias}.agent_name = ${params.add(filters.agent)}`);
  if (filters.model) clauses.push(`${alias}.model_name = ${params.add(filters.model)}`);
  return clauses.join(' AND ');
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
