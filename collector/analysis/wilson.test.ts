import { describe, expect, it } from 'vitest';
import { wilsonInterval, wilsonLowerBound } from './wilson.ts';

describe('wilsonInterval', () => {
  it('matches the textbook value for 1 of 2', () => {
    const { lower, upper } = wilsonInterval(1, 2);
    expect(lower).toBeCloseTo(0.0945, 3);
    expect(upper).toBeCloseTo(0.9055, 3);
  });

  it('matches the textbook value for 20 of 100', () => {
    const { lower, upper } = wilsonInterval(20, 100);
    expect(lower).toBeCloseTo(0.1333, 3);
    expect(upper).toBeCloseTo(0.2888, 3);
  });

  it('is the whole range without trials and stays inside [0, 1] at the edges', () => {
    expect(wilsonInterval(0, 0)).toEqual({ lower: 0, upper: 1 });
    expect(wilsonInterval(0, 50).lower).toBeCloseTo(0, 12);
    expect(wilsonInterval(50, 50).upper).toBeCloseTo(1, 12);
  });

  it('ranks a tool with many failures above one with a lucky small sample', () => {
    expect(wilsonLowerBound(200, 1000)).toBeGreaterThan(wilsonLowerBound(1, 2));
  });
});
