/**
 * Chooses the width of the time buckets of a chart from its range: the
 * smallest standard width that keeps the chart at or under MAX_POINTS points,
 * so a 24-hour view shows 15-minute buckets and a 30-day view 6-hour ones.
 * Widths are multiples of the rollups' one-minute grain.
 */

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const BUCKET_WIDTHS_SECONDS: readonly number[] = [
  MINUTE,
  5 * MINUTE,
  15 * MINUTE,
  HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  7 * DAY,
];

export const MAX_POINTS = 200;

export function chooseBucketSeconds(from: Date, to: Date, maxPoints: number = MAX_POINTS): number {
  const spanSeconds = Math.max(1, (to.getTime() - from.getTime()) / 1000);
  for (const width of BUCKET_WIDTHS_SECONDS) {
    if (spanSeconds / width <= maxPoints) return width;
  }
  return BUCKET_WIDTHS_SECONDS[BUCKET_WIDTHS_SECONDS.length - 1]!;
}

/** Start of the bucket holding `at`, aligned to the Unix epoch (UTC). */
export function bucketStart(at: Date, bucketSeconds: number): Date {
  const width = bucketSeconds * 1000;
  return new Date(Math.floor(at.getTime() / width) * width);
}

/** Every bucket start from the one holding `from` up to (excluding) `to`, so charts show empty buckets as zero. */
export function bucketStarts(from: Date, to: Date, bucketSeconds: number): Date[] {
  const starts: Date[] = [];
  const width = bucketSeconds * 1000;
  for (let t = bucketStart(from, bucketSeconds).getTime(); t < to.getTime(); t += width) starts.push(new Date(t));
  return starts;
}
