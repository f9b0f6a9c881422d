/**
 * Nanosecond timestamps to Postgres text. timestamptz keeps microseconds, so
 * the nanoseconds below that are dropped; durations are kept separately, in
 * milliseconds with fractions, so nothing a user sees is rounded.
 */
export function nanosToTimestampText(nanos: bigint): string {
  const micros = nanos / 1000n;
  const seconds = micros / 1_000_000n;
  const fraction = (micros % 1_000_000n).toString().padStart(6, '0');
  const iso = new Date(Number(seconds) * 1000).toISOString(); // 2026-11-21T09:00:00.000Z
  return `${iso.slice(0, 19)}.${fraction}Z`;
}

/** Start of the UTC minute holding `nanos`, as Postgres text: the rollup bucket. */
export function minuteBucketText(nanos: bigint): string {
  const minuteMs = Number(nanos / 60_000_000_000n) * 60_000;
  return new Date(minuteMs).toISOString();
}
