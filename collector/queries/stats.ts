/** Turns summed counts into the CallStats every screen shows. */
import { quantileFromHistogram } from '../analysis/latency-histogram.ts';
import { wilsonLowerBound } from '../analysis/wilson.ts';
import type { CallStats, ToolStats } from './results.ts';

export interface SummedCounts {
  calls: number;
  failures: number;
  retries: number;
  refusals: number;
  duration_sum_ms: number;
  histogram: number[];
}

const ratio = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

export function callStats(row: SummedCounts): CallStats {
  return {
    calls: row.calls,
    failures: row.failures,
    accuracyRate: ratio(row.calls - row.failures, row.calls),
    failureRate: ratio(row.failures, row.calls),
    p50Ms: quantileFromHistogram(row.histogram, 0.5),
    p95Ms: quantileFromHistogram(row.histogram, 0.95),
    avgDurationMs: ratio(row.duration_sum_ms, row.calls),
    retries: row.retries,
    refusals: row.refusals,
  };
}

export function toolStats(tool: string, row: SummedCounts): ToolStats {
  return { tool, ...callStats(row), failureRateLowerBound: wilsonLowerBound(row.failures, row.calls) };
}

/** Problem tools first: highest lower bound on the failure rate, then most failures. */
export function byProblem(a: ToolStats, b: ToolStats): number {
  return b.failureRateLowerBound - a.failureRateLowerBound || b.failures - a.failures || a.tool.localeCompare(b.tool);
}

export { ratio };
