/**
 * Whether a rule's condition holds, and how its state moves. Pure: the
 * evaluator measures, this decides.
 *
 * Hysteresis against flapping: a rule fires when the condition is met, but
 * resolves only when the value is clearly back (below RESOLVE_FRACTION of the
 * firing level), and after a resolve it cannot fire again until its cooldown
 * since the last firing has passed. Too little traffic changes nothing.
 */
import { poissonZ, rateSignificantlyAbove, SPIKE_Z } from './significance.ts';

export type Metric = 'failure_rate' | 'failures' | 'p95_latency' | 'loop_incidents' | 'refusal_rate';

/** What the evaluator measured over one window. */
export interface Measurement {
  /** The metric's value: a rate (0..1), a count, or milliseconds. */
  value: number;
  /** Calls (or model turns for refusal_rate) in the window: the volume and the rate's denominator. */
  calls: number;
  /** Numerator of a rate, or the count for count metrics. */
  events: number;
}

export interface ConditionRule {
  metric: Metric;
  condition: 'threshold' | 'spike';
  threshold: number | null;
  spikeFactor: number | null;
  minCalls: number;
  windowSeconds: number;
  baselineWindowSeconds: number | null;
}

/** A firing rule resolves once its value is below this fraction of the level it fired at. */
export const RESOLVE_FRACTION = 0.8;

export type Verdict =
  /** Not enough calls to judge either way. */
  | { status: 'insufficient'; level: number | null }
  | { status: 'breached'; level: number }
  | { status: 'clear'; level: number }
  /** Between the firing level and the resolve level: keep whatever state the rule is in. */
  | { status: 'hold'; level: number };

const isRate = (metric: Metric) => metric === 'failure_rate' || metric === 'refusal_rate';
const isCount = (metric: Metric) => metric === 'failures' || metric === 'loop_incidents';

/** The level a value must reach to breach: the threshold, or k × baseline for spikes. */
function firingLevel(rule: ConditionRule, baseline: Measurement | undefined): number | null {
  if (rule.condition === 'threshold') return rule.threshold;
  if (!baseline || rule.spikeFactor == null) return null;
  const expected = isCount(rule.metric) ? baseline.value * (rule.windowSeconds / (rule.baselineWindowSeconds ?? rule.windowSeconds)) : baseline.value;
  return rule.spikeFactor * expected;
}

/** For spikes: is the current window significantly above the baseline (not just by ratio)? */
function significantlyAbove(rule: ConditionRule, current: Measurement, baseline: Measurement): boolean {
  if (isRate(rule.metric)) return rateSignificantlyAbove(current.events, current.calls, baseline.events, baseline.calls);
  if (isCount(rule.metric)) {
    const expected = baseline.events * (rule.windowSeconds / (rule.baselineWindowSeconds ?? rule.windowSeconds));
    return poissonZ(current.events, expected) >= SPIKE_Z;
  }
  // Latency percentiles have no cheap test here; the baseline's own volume guards them instead.
  return baseline.calls >= rule.minCalls;
}

export function judge(rule: ConditionRule, current: Measurement, baseline?: Measurement): Verdict {
  // Count metrics are about events, not calls: a burst of loops in a quiet hour still counts.
  if (!isCount(rule.metric) && current.calls < rule.minCalls) return { status: 'insufficient', level: null };
  const level = firingLevel(rule, baseline);
  if (level == null) return { status: 'insufficient', level: null };
  let breached = current.value >= level && current.value > 0;
  if (breached && rule.condition === 'spike') breached = significantlyAbove(rule, current, baseline!);
  if (breached) return { status: 'breached', level };
  if (current.value < level * RESOLVE_FRACTION) return { status: 'clear', level };
  // A spike below its level that is no longer significant is gone too.
  if (rule.condition === 'spike' && current.value < level && !significantlyAbove(rule, current, baseline!)) {
    return { status: 'clear', level };
  }
  return { status: 'hold', level };
}

export type Transition = 'fire' | 'resolve' | 'none';

export function nextTransition(
  state: 'ok' | 'firing',
  verdict: Verdict,
  lastFiredAt: Date | null,
  cooldownSeconds: number,
  now: Date,
): Transition {
  if (state === 'ok' && verdict.status === 'breached') {
    const cooled = !lastFiredAt || now.getTime() - lastFiredAt.getTime() >= cooldownSeconds * 1000;
    return cooled ? 'fire' : 'none';
  }
  if (state === 'firing' && verdict.status === 'clear') return 'resolve';
  return 'none';
}
