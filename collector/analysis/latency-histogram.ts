/**
 * Fixed latency buckets shared by the rollups (stored as int[] counts) and the
 * read models (percentiles estimated from them). Upper bounds in milliseconds;
 * the last bucket is open-ended. Roughly ×2 steps keep the estimate within one
 * bucket's width across five orders of magnitude.
 */
export const LATENCY_BUCKET_BOUNDS_MS: readonly number[] = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 60_000,
];

/** Number of counters: one per bound plus the overflow bucket. */
export const LATENCY_BUCKET_COUNT = LATENCY_BUCKET_BOUNDS_MS.length + 1;

/** Index of the bucket a duration falls into. */
export function latencyBucketIndex(durationMs: number): number {
  for (let i = 0; i < LATENCY_BUCKET_BOUNDS_MS.length; i++) {
    if (durationMs <= LATENCY_BUCKET_BOUNDS_MS[i]!) return i;
  }
  return LATENCY_BUCKET_BOUNDS_MS.length;
}

/**
 * Estimates the q-quantile (0..1) from bucket counts by linear interpolation
 * inside the bucket that holds it. Returns null for an empty histogram.
 */
export function quantileFromHistogram(counts: readonly number[], q: number): number | null {
  const total = counts.reduce((sum, c) => sum + c, 0);
  if (total === 0) return null;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    const count = counts[i] ?? 0;
    if (count > 0 && seen + count >= rank) {
      const lower = i === 0 ? 0 : LATENCY_BUCKET_BOUNDS_MS[i - 1]!;
      const upper = LATENCY_BUCKET_BOUNDS_MS[i] ?? lower * 2;
      return lower + ((rank - seen) / count) * (upper - lower);
    }
    seen += count;
  }
  return LATENCY_BUCKET_BOUNDS_MS[LATENCY_BUCKET_BOUNDS_MS.length - 1]!;
}
