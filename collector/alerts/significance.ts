/**
 * Is the current window significantly worse than the baseline? A spike alert
 * needs more than a ratio: 2 failures in 20 calls against a baseline of 2%
 * is "5×" but could well be noise. Rates must have separated Wilson
 * intervals (the current window's 95% lower bound above the baseline's upper
 * bound: conservative on small samples, where a normal-approximation z-test
 * fires too easily); counts (failures, incidents) need a Poisson z-score
 * against the count the baseline predicts for a window of this length.
 */
import { wilsonInterval } from '../analysis/wilson.ts';

/** One-sided 99% for counts. */
export const SPIKE_Z = 2.326;

export function rateSignificantlyAbove(events: number, calls: number, baselineEvents: number, baselineCalls: number): boolean {
  if (calls <= 0 || baselineCalls <= 0) return false;
  return wilsonInterval(events, calls).lower > wilsonInterval(baselineEvents, baselineCalls).upper;
}

/**
 * z of an observed count against an expected one. With nothing expected the
 * baseline is treated as one event, so a quiet baseline still needs a real
 * burst (several events) rather than any single one.
 */
export function poissonZ(observed: number, expected: number): number {
  const lambda = Math.max(expected, 1);
  return (observed - lambda) / Math.sqrt(lambda);
}
