/** Retry reasons and refusal rates: why calls were retried, and how often models refused. */
import type { Database } from '../db/client.ts';
import { RetriesAndRefusalsInputSchema, type RetriesAndRefusalsInput } from './inputs.ts';
import { modelTurnRefusals } from './model-turns.ts';
import type { RetriesAndRefusals, RetryReasonCount } from './results.ts';
import { Params, isoRequired, rollupCountsSql, rollupSource, toolCallWhere, withAnalyticsSession, type Filters } from './sql.ts';
import { ratio } from './stats.ts';

/** Retried calls (attempt > 1) grouped by the reason recorded on them; read from raw rows. */
export async function retryReasons(db: Database, filters: Filters): Promise<RetryReasonCount[]> {
  const params = new Params();
  const { rows } = await withAnalyticsSession(db, (client) => client.query<{ reason: string; retries: number; succeeded: number }>(
    `SELECT coalesce(t.retry_reason, 'unknown') AS reason,
            count(*)::float8 AS retries,
            count(*) FILTER (WHERE t.outcome = 'success')::float8 AS succeeded
       FROM tool_calls t
      WHERE ${toolCallWhere(params, filters)} AND t.attempt > 1
      GROUP BY 1
      ORDER BY 2 DESC, 1`,
    params.values,
  ));
  return rows;
}

export async function getRetriesAndRefusals(db: Database, rawInput: RetriesAndRefusalsInput): Promise<RetriesAndRefusals> {
  const input = RetriesAndRefusalsInputSchema.parse(rawInput);
  const params = new Params();
  const [sums, byReason, turns] = await Promise.all([
    db.pool
      .query<{ calls: number; retries: number; refusals: number }>(
        `SELECT ${rollupCountsSql()} FROM ${rollupSource(params, input)}`,
        params.values,
      )
      .then((result) => result.rows[0]!),
    retryReasons(db, input),
    input.tool ? Promise.resolve([]) : modelTurnRefusals(db.pool, input, true),
  ]);
  const modelTurns = turns.reduce((sum, row) => sum + row.modelTurns, 0);
  const modelTurnRefusalCount = turns.reduce((sum, row) => sum + row.refusals, 0);
  const refusals = sums.refusals + modelTurnRefusalCount;
  return {
    from: isoRequired(input.from),
    to: isoRequired(input.to),
    retries: { calls: sums.calls, retries: sums.retries, rate: ratio(sums.retries, sums.calls), byReason },
    refusals: {
      toolCalls: sums.calls,
      toolCallRefusals: sums.refusals,
      modelTurns,
      modelTurnRefusals: modelTurnRefusalCount,
      rate: ratio(refusals, modelTurns > 0 ? modelTurns : sums.calls),
      byAgent: turns
        .map((row) => ({ agent: row.agent, modelTurns: row.modelTurns, refusals: row.refusals, rate: ratio(row.refusals, row.modelTurns) }))
        .sort((a, b) => b.refusals - a.refusals || b.modelTurns - a.modelTurns),
    },
  };
}
