/**
 * Measures a rule's metric over one window: rates, counts and p95 from the
 * minute rollups (with refusals of model turns from run_spans), loop counts
 * from incidents. Also picks example calls to show with an event.
 */
import type pg from 'pg';
import { quantileFromHistogram } from '../analysis/latency-histogram.ts';
import { modelTurnRefusals } from '../queries/model-turns.ts';
import { Params, histogramSumSql, rollupCountsSql, rollupSource, type Filters } from '../queries/sql.ts';
import type { Measurement, Metric } from './conditions.ts';

type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

export interface RuleScope {
  projectId: string;
  scopeType: string;
  scopeValue: string | null;
  metric: Metric;
}

export interface Window {
  from: Date;
  to: Date;
}

function filtersOf(rule: RuleScope, window: Window): Filters {
  return {
    projectId: rule.projectId,
    from: window.from,
    to: window.to,
    tool: rule.scopeType === 'tool' ? rule.scopeValue ?? undefined : undefined,
    agent: rule.scopeType === 'agent' ? rule.scopeValue ?? undefined : undefined,
  };
}

async function rollupSums(db: Queryable, filters: Filters) {
  const params = new Params();
  const { rows } = await db.query(
    `SELECT ${rollupCountsSql()}, ${histogramSumSql()} AS histogram FROM ${rollupSource(params, filters)}`,
    params.values,
  );
  return rows[0] as { calls: number; failures: number; refusals: number; histogram: number[] };
}

export async function measure(db: Queryable, rule: RuleScope, window: Window): Promise<Measurement> {
  const filters = filtersOf(rule, window);
  switch (rule.metric) {
    case 'failure_rate': {
      const sums = await rollupSums(db, filters);
      return { value: sums.calls > 0 ? sums.failures / sums.calls : 0, calls: sums.calls, events: sums.failures };
    }
    case 'failures': {
      const sums = await rollupSums(db, filters);
      return { value: sums.failures, calls: sums.calls, events: sums.failures };
    }
    case 'p95_latency': {
      const sums = await rollupSums(db, filters);
      return { value: quantileFromHistogram(sums.histogram, 0.95) ?? 0, calls: sums.calls, events: sums.calls };
    }
    case 'refusal_rate': {
      const sums = await rollupSums(db, filters);
      if (filters.tool) return { value: sums.calls > 0 ? sums.refusals / sums.calls : 0, calls: sums.calls, events: sums.refusals };
      const [turns = { modelTurns: 0, refusals: 0 }] = await modelTurnRefusals(db, filters, false);
      const denominator = turns.modelTurns > 0 ? turns.modelTurns : sums.calls;
      const events = sums.refusals + turns.refusals;
      return { value: denominator > 0 ? events / denominator : 0, calls: denominator, events };
    }
    case 'loop_incidents': {
      const params = new Params();
      const clauses = [
        `i.project_id = ${params.add(filters.projectId)}::uuid`,
        `i.kind = 'loop'`,
        `i.started_at >= ${params.add(filters.from)}`,
        `i.started_at < ${params.add(filters.to)}`,
      ];
      if (filters.tool) clauses.push(`${params.add(filters.tool)} = ANY(i.tool_names)`);
      if (filters.agent) clauses.push(`i.agent_name = ${params.add(filters.agent)}`);
      const { rows } = await db.query(`SELECT count(*)::float8 AS n FROM incidents i WHERE ${clauses.join(' AND ')}`, params.values);
      const n = (rows[0] as { n: number }).n;
      return { value: n, calls: n, events: n };
    }
  }
}

/** A few calls that show what the alert is about: recent failures, refusals, the slowest calls, or looping runs. */
export async function exampleCalls(db: Queryable, rule: RuleScope, window: Window, limit = 5): Promise<unknown[]> {
  const filters = filtersOf(rule, window);
  const params = new Params();
  const clauses = [
    `t.project_id = ${params.add(filters.projectId)}::uuid`,
    `t.started_at >= ${params.add(filters.from)}`,
    `t.started_at < ${params.add(filters.to)}`,
  ];
  if (filters.tool) clauses.push(`t.tool_name = ${params.add(filters.tool)}`);
  if (filters.agent) clauses.push(`t.agent_name = ${params.add(filters.agent)}`);
  if (rule.metric === 'loop_incidents') {
    const incidentParams = new Params();
    const { rows } = await db.query(
      `SELECT trace_id AS "traceId", type, message, span_ids[1] AS "spanId" FROM incidents
        WHERE project_id = ${incidentParams.add(filters.projectId)}::uuid AND kind = 'loop'
          AND started_at >= ${incidentParams.add(filters.from)} AND started_at < ${incidentParams.add(filters.to)}
        ORDER BY started_at DESC LIMIT ${incidentParams.add(limit)}`,
      incidentParams.values,
    );
    return rows;
  }
  const which =
    rule.metric === 'p95_latency'
      ? 'ORDER BY t.duration_ms DESC'
      : rule.metric === 'refusal_rate'
        ? `AND t.error_category = 'protocol' AND t.error_type = 'refusal' ORDER BY t.started_at DESC`
        : `AND t.outcome = 'failure' ORDER BY t.started_at DESC`;
  const { rows } = await db.query(
    `SELECT t.trace_id AS "traceId", t.span_id AS "spanId", t.tool_name AS tool, t.error_category AS "errorCategory",
            t.error_type AS "errorType", left(t.error_message, 300) AS "errorMessage", t.duration_ms AS "durationMs",
            t.started_at AS "startedAt"
       FROM tool_calls t WHERE ${clauses.join(' AND ')} ${which} LIMIT ${params.add(limit)}`,
    params.values,
  );
  return rows;
}
