/**
 * Model turns and their refusals, from run_spans. Refusals of model turns are
 * not in the rollups (those count tool calls), so they are counted here; a
 * partial index on model spans keeps this an index-only scan.
 */
import type { Database } from '../db/client.ts';
import { Params, type Filters } from './sql.ts';

export interface ModelTurnCounts {
  agent: string | null;
  modelTurns: number;
  refusals: number;
}

export async function modelTurnRefusals(db: Database, filters: Filters, byAgent: boolean): Promise<ModelTurnCounts[]> {
  const params = new Params();
  const clauses = [
    `s.project_id = ${params.add(filters.projectId)}::uuid`,
    `s.kind = 'model'`,
    `s.started_at >= ${params.add(filters.from)}::timestamptz`,
    `s.started_at < ${params.add(filters.to)}::timestamptz`,
  ];
  if (filters.agent) clauses.push(`s.agent_name = ${params.add(filters.agent)}`);
  if (filters.model) clauses.push(`s.model_name = ${params.add(filters.model)}`);
  const { rows } = await db.pool.query<{ agent: string | null; model_turns: number; refusals: number }>(
    `SELECT ${byAgent ? 's.agent_name' : 'NULL::text'} AS agent,
            count(*)::float8 AS model_turns,
            count(*) FILTER (WHERE s.error_category = 'protocol' AND s.error_type = 'refusal')::float8 AS refusals
       FROM run_spans s
      WHERE ${clauses.join(' AND ')}
      ${byAgent ? 'GROUP BY s.agent_name' : ''}`,
    params.values,
  );
  return rows.map((row) => ({ agent: row.agent, modelTurns: row.model_turns, refusals: row.refusals }));
}
