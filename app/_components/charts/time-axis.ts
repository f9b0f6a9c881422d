/** Tick labels for time buckets, as precise as the bucket width needs. UTC. */
export function formatBucketTick(iso: string, bucketSeconds: number): string {
  const text = new Date(iso).toISOString();
  if (bucketSeconds >= 86_400) return text.slice(5, 10);
  if (bucketSeconds >= 3_600) return `${text.slice(5, 10)} ${text.slice(11, 16)}`;
  return text.slice(11, 16);
}

export function formatBucketLabel(iso: string, bucketSeconds: number): string {
  const start = new Date(iso);
  const end = new Date(start.getTime() + bucketSeconds * 1000);
  return `${start.toISOString().slice(0, 16).replace('T', ' ')} – ${end.toISOString().slice(11, 16)} UTC`;
}

const compactNumber = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Axis ticks stay short at any volume: 950, 12K, 1.2M. */
export function formatCountTick(value: number): string {
  return compactNumber.format(value);
}
