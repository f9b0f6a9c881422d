/**
 * The agent, model and tool names the dashboard's pickers offer: those in the
 * rollups of the range (deltas not folded yet included, like every rollup
 * read), so a name appears as soon as its first call is stored.
 */
import type { Database } from '../db/client.ts';
import { FilterOptionsInputSchema, type FilterOptionsInput } from './inputs.ts';
import type { FilterOptions } from './results.ts';
import { Params, rollupSource } from './sql.ts';

const MAX_AGENTS = 200;
const MAX_MODELS = 200;
const MAX_TOOLS = 500;

export async function listFilterOptions(db: Database, rawInput: FilterOptionsInput): Promise<FilterOptions> {
  const input = FilterOptionsInputSchema.parse(rawInput);
  const params = new Params();
  // '' stands for "unknown" in the rollups' keys: not a name to pick.
  const names = (column: string, limit: number) =>
    `ARRAY(SELECT DISTINCT ${column} FROM seen WHERE ${column} <> '' ORDER BY 1 LIMIT ${limit})`;
  const { rows } = await db.pool.query<{ agents: string[]; models: string[]; tools: string[] }>(
    `WITH seen AS MATERIALIZED (SELECT DISTINCT tool_name, agent_name, model_name FROM ${rollupSource(params, input)})
     SELECT ${names('agent_name', MAX_AGENTS)} AS agents, ${names('model_name', MAX_MODELS)} AS models,
            ${names('tool_name', MAX_TOOLS)} AS tools`,
    params.values,
  );
  return rows[0]!;
}
