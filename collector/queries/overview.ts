/**
 * The overview screen: totals, accuracy over time with call volume, failures
 * by category and the top problem tools. Everything but model-turn refusals
 * comes from the minute rollups, which carry tool, agent and model, so every
 * filter is served without touching raw rows.
 */
import { ERROR_CATEGORIES } from '../../sdk/taxonomy.ts';
import type { Database } from '../db/client.ts';
import { OverviewInputSchema, type OverviewInput } from './inputs.ts';
import { modelTurnRefusals } from './model-turns.ts';
import type { CategoryCount, Overview, SeriesPoint } from './results.ts';
import { Params, histogramSumSql, isoRequired, rollupCountsSql, rollupSource, type Filters } from './sql.ts';
import { byProblem, callStats, ratio, type SummedCounts } from './stats.ts';
import { bucketStarts, chooseBucketSeconds } from './time-buckets.ts';
import { toolStatsFromRollups } from './tool-stats.ts';

type TotalsRow = SummedCounts & Record<`fail_${string}`, number>;

async function totals(db: Database, filters: Filters): Promise<TotalsRow> {
  const params = new Params();
  const failColumns = ERROR_CATEGORIES.map((c) => `coalesce(sum(r.fail_${c}), 0)::float8 AS fail_${c}`).join(', ');
  const { rows } = await db.pool.query<TotalsRow>(
    `SELECT ${rollupCountsSql()}, ${failColumns}, ${histogramSumSql()} AS histogram
       FROM ${rollupSource(params, filters)}`,
    params.values,
  );
  return rows[0]!;
}

/** Calls and failures per chart bucket; empty buckets are filled with zeros. */
export async function accuracySeries(db: Database, filters: Filters, bucketSeconds: number): Promise<SeriesPoint[]> {
  const params = new Params();
  const width = params.add(bucketSeconds);
  const { rows } = await db.pool.query<{ bucket: Date; calls: number; failures: number }>(
    `SELECT date_bin(make_interval(secs => ${width}), r.bucket, TIMESTAMPTZ '1970-01-01 00:00:00+00') AS bucket,
            sum(r.calls)::float8 AS calls, sum(r.failures)::float8 AS failures
       FROM ${rollupSource(params, filters, { hourly: bucketSeconds % 3600 === 0 })}
      GROUP BY 1`,
    params.values,
  );
  const byBucket = new Map(rows.map((row) => [row.bucket.getTime(), row]));
  return bucketStarts(filters.from, filters.to, bucketSeconds).map((start) => {
    const row = byBucket.get(start.getTime());
    const calls = row?.calls ?? 0;
    const failures = row?.failures ?? 0;
    return { bucket: start.toISOString(), calls, failures, accuracyRate: ratio(calls - failures, calls) };
  });
}

export async function getOverview(db: Database, rawInput: OverviewInput): Promise<Overview> {
  const input = OverviewInputSchema.parse(rawInput);
  const bucketSeconds = chooseBucketSeconds(input.from, input.to);
  const [sum, series, tools, turns] = await Promise.all([
    totals(db, input),
    accuracySeries(db, input, bucketSeconds),
    toolStatsFromRollups(db, input),
    // Model turns are not about one tool: with a tool filter only tool-call refusals count.
    input.tool ? Promise.resolve([]) : modelTurnRefusals(db.pool, input, false),
  ]);
  const modelTurns = turns[0]?.modelTurns ?? 0;
  const refusalsTotal = sum.refusals + (turns[0]?.refusals ?? 0);
  const failuresByCategory: CategoryCount[] = ERROR_CATEGORIES.map((category) => ({
    category,
    failures: sum[`fail_${category}`] ?? 0,
  }));
  return {
    from: isoRequired(input.from),
    to: isoRequired(input.to),
    bucketSeconds,
    totals: {
      ...callStats(sum),
      refusalsTotal,
      refusalRate: ratio(refusalsTotal, modelTurns > 0 ? modelTurns : sum.calls),
    },
    series,
    failuresByCategory,
    problemTools: tools
      .filter((tool) => tool.failures > 0)
      .sort(byProblem)
      .slice(0, input.problemToolsLimit),
  };
}
