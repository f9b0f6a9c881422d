/** The tools screen: every tool with its stats, ranked. */
import type { Database } from '../db/client.ts';
import { ToolsListInputSchema, type ToolSort, type ToolsListInput } from './inputs.ts';
import type { ToolStats, ToolsList } from './results.ts';
import { isoRequired } from './sql.ts';
import { byProblem } from './stats.ts';
import { toolStatsFromRollups } from './tool-stats.ts';

const SORTS: Record<ToolSort, (a: ToolStats, b: ToolStats) => number> = {
  problem: byProblem,
  calls: (a, b) => b.calls - a.calls || a.tool.localeCompare(b.tool),
  failures: (a, b) => b.failures - a.failures || a.tool.localeCompare(b.tool),
  p95: (a, b) => (b.p95Ms ?? -1) - (a.p95Ms ?? -1) || a.tool.localeCompare(b.tool),
  name: (a, b) => a.tool.localeCompare(b.tool),
};

export async function listTools(db: Database, rawInput: ToolsListInput): Promise<ToolsList> {
  const input = ToolsListInputSchema.parse(rawInput);
  const tools = await toolStatsFromRollups(db, input);
  return {
    from: isoRequired(input.from),
    to: isoRequired(input.to),
    tools: tools.sort(SORTS[input.sort]).slice(0, input.limit),
  };
}
