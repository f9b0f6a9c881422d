import { describe, expect, it } from 'vitest';
import { minuteBucketText, nanosToTimestampText } from './timestamps.ts';

describe('timestamps', () => {
  it('keeps every microsecond of a nanosecond time', () => {
    expect(nanosToTimestampText(1_795_254_221_037_123_456n)).toBe('2026-11-21T09:43:41.037123Z');
    expect(nanosToTimestampText(1_795_254_221_000_000_999n)).toBe('2026-11-21T09:43:41.000000Z');
  });

  it('buckets by UTC minute', () => {
    expect(minuteBucketText(1_795_254_221_037_123_456n)).toBe('2026-11-21T09:43:00.000Z');
  });
});
