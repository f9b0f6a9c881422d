import { describe, expect, it } from 'vitest';
import { minuteBucketText, nanosToTimestampText } from './timestamps.ts';

describe('timestamps', () => {
  it('keeps every microsecond of a nanosecond time', () => {
    expect(nanosToTimestampText(1_795_254_221_037_123_456n)).toBe('2026-11-21T09:43:41.037123Z');
    expect(nanosToTimestampText(1_795_254_221_000_000_999n)).toBe('2026-11-21T09:43:41.000000Z');
  });

  it('formats each time on its own, also when consecutive times share a second, and at the epoch', () => {
    expect(nanosToTimestampText(1_795_254_221_999_999_000n)).toBe('2026-11-21T09:43:41.999999Z');
    expect(nanosToTimestampText(1_795_254_222_000_001_000n)).toBe('2026-11-21T09:43:42.000001Z');
    expect(nanosToTimestampText(1_795_254_221_000_002_000n)).toBe('2026-11-21T09:43:41.000002Z');
    expect(nanosToTimestampText(0n)).toBe('1970-01-01T00:00:00.000000Z');
    expect(minuteBucketText(1_795_254_281_000_000_000n)).toBe('2026-11-21T09:44:00.000Z');
  });

  it('buckets by UTC minute', () => {
    expect(minuteBucketText(1_795_254_221_037_123_456n)).toBe('2026-11-21T09:43:00.000Z');
  });
});
