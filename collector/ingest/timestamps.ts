/**
 * Nanosecond timestamps to Postgres text. timestamptz keeps microseconds, so
 * the nanoseconds below that are dropped; durations are kept separately, in
 * milliseconds with fractions, so nothing a user sees is rounded.
 *
 * Ingest formats two timestamps per span, and the spans of a batch share a
 * few seconds: so the text of the last second formatted is remembered, and
 * a timestamp costs one BigInt division and a six-digit pad.
 */
let cachedSecond = Number.NaN;
let cachedSecondText = '';

export function nanosToTimestampText(nanos: bigint): string {
  // Microseconds since 1970 stay below 2^53 until the year 2255: exact as a number.
  const micros = Number(nanos / 1000n);
  const second = Math.floor(micros / 1_000_000);
  if (second !== cachedSecond) {
    cachedSecond = second;
    cachedSecondText = new Date(second * 1000).toISOString().slice(0, 19); // 2026-11-21T09:00:00
  }
  return `${cachedSecondText}.${String(micros - second * 1_000_000).padStart(6, '0')}Z`;
}

let cachedMinute = Number.NaN;
let cachedMinuteText = '';

/** Start of the UTC minute holding `nanos`, as Postgres text: the rollup bucket. */
export function minuteBucketText(nanos: bigint): string {
  const minute = Number(nanos / 60_000_000_000n);
  if (minute !== cachedMinute) {
    cachedMinute = minute;
    cachedMinuteText = new Date(minute * 60_000).toISOString();
  }
  return cachedMinuteText;
}
