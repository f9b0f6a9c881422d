import { describe, expect, it } from 'vitest';
import { bucketStart, bucketStarts, chooseBucketSeconds } from './time-buckets.ts';

const at = (iso: string) => new Date(iso);
const hours = (n: number) => n * 3600 * 1000;

describe('chooseBucketSeconds', () => {
  const from = at('2026-11-01T00:00:00Z');
  const until = (ms: number) => new Date(from.getTime() + ms);

  it('uses one-minute buckets for an hour', () => {
    expect(chooseBucketSeconds(from, until(hours(1)))).toBe(60);
  });

  it('uses 15-minute buckets for a day and 6-hour buckets for 30 days', () => {
    expect(chooseBucketSeconds(from, until(hours(24)))).toBe(900);
    expect(chooseBucketSeconds(from, until(hours(24 * 30)))).toBe(6 * 3600);
  });

  it('never exceeds the point budget', () => {
    for (const span of [1, 7, 90, 365, 1000]) {
      const width = chooseBucketSeconds(from, until(hours(24 * span)));
      expect((24 * span * 3600) / width).toBeLessThanOrEqual(200);
    }
  });
});

describe('bucketStart and bucketStarts', () => {
  it('align to the epoch in UTC', () => {
    expect(bucketStart(at('2026-11-01T10:37:12Z'), 900).toISOString()).toBe('2026-11-01T10:30:00.000Z');
  });

  it('cover the range including the partial first bucket', () => {
    const starts = bucketStarts(at('2026-11-01T10:37:00Z'), at('2026-11-01T11:10:00Z'), 900).map((d) => d.toISOString());
    expect(starts).toEqual([
      '2026-11-01T10:30:00.000Z',
      '2026-11-01T10:45:00.000Z',
      '2026-11-01T11:00:00.000Z',
    ]);
  });
});
