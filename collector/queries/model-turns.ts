/**
 * Model turns and their refusals, from the per-minute model-turn rollups
 * (kept in step with run_spans by triggers), so refusal rates over long
 * ranges read no raw spans. Like the tool-call rollups, the range is widened
 * to whole minutes, deltas not folded yet are added (see `rollupSource`), and
 * unknown agent/model are '' and never match a filter.
 */
import type pg from 'pg';
import { Params, type Filters } from './sql.ts';

type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

export interface ModelTurnCounts {
  agent: string | null;
  modelTurns: number;
  refusals: number;
}

export async function modelTurnRefusals(db: Queryable, filters: Omit<Filters, 'tool'>, byAgent: boolean): Promise<ModelTurnCounts[]> {
  const params = new Params();
  const clauses = [
    `m.project_id = ${params.add(filters.projectId)}::uuid`,
    `m.bucket >= date_trunc('minute', ${params.add(filters.from)}::timestamptz)`,
    `m.bucket < ${params.add(filters.to)}::timestamptz`,
  ];
  if (filters.agent) clauses.push(`m.agent_name = ${params.add(filters.agent)}`);
  if (filters.model) clauses.push(`m.model_name = ${params.add(filters.model)}`);
  const { rows } = await db.query<{ agent: string | null; model_turns: number; refusals: number }>(
    `SELECT ${byAgent ? "nullif(m.agent_name, '')" : 'NULL::text'} AS agent,
            coalesce(sum(m.turns), 0)::float8 AS model_turns, coalesce(sum(m.refusals), 0)::float8 AS refusals
       FROM (SELECT project_id, bucket, agent_name, model_name, turns, refusals FROM model_turn_rollups
             UNION ALL
             SELECT project_id, bucket, agent_name, model_name, turns, refusals FROM model_turn_rollup_deltas) m
      WHERE ${clauses.join(' AND ')}
      ${byAgent ? 'GROUP BY 1 HAVING sum(m.turns) > 0' : ''}`,
    params.values,
  );
  return rows.map((row) => ({ agent: row.agent, modelTurns: row.model_turns, refusals: row.refusals }));
}
