/** Per-tool stats from the rollups: the tools list and the overview's problem tools. */
import type { Database } from '../db/client.ts';
import type { ToolStats } from './results.ts';
import { Params, histogramSumSql, rollupCountsSql, rollupSource, type Filters } from './sql.ts';
import { toolStats, type SummedCounts } from './stats.ts';

export async function toolStatsFromRollups(db: Database, filters: Filters): Promise<ToolStats[]> {
  const params = new Params();
  const { rows } = await db.pool.query<SummedCounts & { tool_name: string }>(
    `SELECT r.tool_name, ${rollupCountsSql()}, ${histogramSumSql()} AS histogram
       FROM ${rollupSource(params, filters)}
      GROUP BY r.tool_name`,
    params.values,
  );
  return rows.map((row) => toolStats(row.tool_name, row));
}
