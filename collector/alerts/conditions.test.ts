import { describe, expect, it } from 'vitest';
import { judge, nextTransition, type ConditionRule, type Measurement } from './conditions.ts';
import { poissonZ, rateSignificantlyAbove } from './significance.ts';

const rate = (events: number, calls: number): Measurement => ({ value: calls ? events / calls : 0, calls, events });

const thresholdRule: ConditionRule = {
  metric: 'failure_rate',
  condition: 'threshold',
  threshold: 0.2,
  spikeFactor: null,
  minCalls: 20,
  windowSeconds: 300,
  baselineWindowSeconds: null,
};

const spikeRule: ConditionRule = {
  ...thresholdRule,
  condition: 'spike',
  threshold: null,
  spikeFactor: 3,
  baselineWindowSeconds: 3600,
};

describe('significance', () => {
  it('finds a real difference between proportions and not a small one', () => {
    expect(rateSignificantlyAbove(30, 100, 20, 1000)).toBe(true);
    expect(rateSignificantlyAbove(3, 100, 20, 1000)).toBe(false);
    expect(rateSignificantlyAbove(2, 20, 20, 1000)).toBe(false);
    expect(rateSignificantlyAbove(1, 0, 1, 10)).toBe(false);
  });

  it('scores counts against the expected count', () => {
    expect(poissonZ(20, 4)).toBe(8);
    expect(poissonZ(2, 0)).toBe(1);
  });
});

describe('judge: thresholds', () => {
  it('breaches at the threshold and ignores windows below the minimum volume', () => {
    expect(judge(thresholdRule, rate(5, 25)).status).toBe('breached');
    expect(judge(thresholdRule, rate(5, 10)).status).toBe('insufficient');
  });

  it('clears only well below the threshold, holding in between', () => {
    expect(judge(thresholdRule, rate(9, 50)).status).toBe('hold'); // 18%: below 20% but above 16%
    expect(judge(thresholdRule, rate(7, 50)).status).toBe('clear'); // 14%
  });

  it('judges counts without a call volume', () => {
    const loops: ConditionRule = { ...thresholdRule, metric: 'loop_incidents', threshold: 3 };
    expect(judge(loops, { value: 4, calls: 0, events: 4 }).status).toBe('breached');
  });
});

describe('judge: spikes', () => {
  const baseline = rate(20, 1000); // 2%

  it('fires on a rate k× the baseline that is also significant', () => {
    expect(judge(spikeRule, rate(30, 100), baseline)).toMatchObject({ status: 'breached' });
  });

  it('does not fire on a ratio the sample cannot support', () => {
    // 2 of 20 is 10% (5× the baseline) but well within noise for 20 calls.
    expect(judge({ ...spikeRule, minCalls: 10 }, rate(2, 20), baseline).status).not.toBe('breached');
  });

  it('does not fire below k× even when significant', () => {
    expect(judge(spikeRule, rate(50, 1000), baseline).status).not.toBe('breached'); // 5% < 6%
  });

  it('scales count baselines to the window length', () => {
    const failures: ConditionRule = { ...spikeRule, metric: 'failures' };
    // 12 failures/hour baseline → 1 expected per 5 min; 3× is 3, and 10 is significant.
    expect(judge(failures, { value: 10, calls: 50, events: 10 }, { value: 12, calls: 600, events: 12 }).status).toBe('breached');
    expect(judge(failures, { value: 2, calls: 50, events: 2 }, { value: 12, calls: 600, events: 12 }).status).toBe('clear');
  });
});

describe('nextTransition', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const ago = (s: number) => new Date(now.getTime() - s * 1000);
  const breached = { status: 'breached', level: 0.2 } as const;
  const clear = { status: 'clear', level: 0.2 } as const;
  const hold = { status: 'hold', level: 0.2 } as const;

  it('fires from ok, and not again while firing', () => {
    expect(nextTransition('ok', breached, null, 900, now)).toBe('fire');
    expect(nextTransition('firing', breached, ago(10), 900, now)).toBe('none');
  });

  it('resolves only when clear, not in the hold band or on low volume', () => {
    expect(nextTransition('firing', hold, ago(10), 900, now)).toBe('none');
    expect(nextTransition('firing', { status: 'insufficient', level: null }, ago(10), 900, now)).toBe('none');
    expect(nextTransition('firing', clear, ago(10), 900, now)).toBe('resolve');
  });

  it('does not fire again within the cooldown after a resolve', () => {
    expect(nextTransition('ok', breached, ago(60), 900, now)).toBe('none');
    expect(nextTransition('ok', breached, ago(901), 900, now)).toBe('fire');
  });

  it('turns a flapping rate into one firing per cooldown', () => {
    let state: 'ok' | 'firing' = 'ok';
    let lastFiredAt: Date | null = null;
    let fired = 0;
    // Alternate 30% / 5% failure rates every minute for an hour, cooldown 15 minutes.
    for (let minute = 0; minute < 60; minute++) {
      const at = new Date(now.getTime() + minute * 60_000);
      const verdict = judge(thresholdRule, minute % 2 ? rate(15, 50) : rate(2, 50));
      const t = nextTransition(state, verdict, lastFiredAt, 900, at);
      if (t === 'fire') {
        fired++;
        state = 'firing';
        lastFiredAt = at;
      } else if (t === 'resolve') state = 'ok';
    }
    expect(fired).toBe(4);
  });
});
