/**
 * Wilson score interval for a binomial proportion. Used to rank problem tools
 * by a lower confidence bound on their failure rate, so a tool with 2 calls
 * and 1 failure (rate 50%, bound ~9%) does not outrank one with 1,000 calls
 * and 200 failures (rate 20%, bound ~18%).
 */

/** z for a two-sided 95% interval. */
export const Z_95 = 1.959963984540054;

export interface Interval {
  lower: number;
  upper: number;
}

/** The interval for `successes` out of `trials` (here: failures out of calls). */
export function wilsonInterval(successes: number, trials: number, z: number = Z_95): Interval {
  if (trials <= 0) return { lower: 0, upper: 1 };
  const p = Math.min(Math.max(successes / trials, 0), 1);
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = p + z2 / (2 * trials);
  const margin = z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return {
    lower: Math.max(0, (centre - margin) / denominator),
    upper: Math.min(1, (centre + margin) / denominator),
  };
}

export function wilsonLowerBound(successes: number, trials: number, z: number = Z_95): number {
  return wilsonInterval(successes, trials, z).lower;
}
