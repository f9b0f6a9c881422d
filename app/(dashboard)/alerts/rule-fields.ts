/**
 * The alert rule form's fields and how they map to a stored rule. Rates are
 * typed as percentages by people and stored as ratios; latency in ms; counts
 * as counts.
 */
import { z } from 'zod';

export const METRICS = {
  failure_rate: { label: 'Failure rate', unit: '%', isRate: true },
  failures: { label: 'Failed calls', unit: 'calls', isRate: false },
  p95_latency: { label: 'p95 latency', unit: 'ms', isRate: false },
  loop_incidents: { label: 'Loop incidents', unit: 'incidents', isRate: false },
  refusal_rate: { label: 'Refusal rate', unit: '%', isRate: true },
} as const;
export type Metric = keyof typeof METRICS;

export const WINDOWS = [
  { seconds: 300, label: '5 minutes' },
  { seconds: 900, label: '15 minutes' },
  { seconds: 3_600, label: '1 hour' },
  { seconds: 6 * 3_600, label: '6 hours' },
  { seconds: 86_400, label: '24 hours' },
];

const optionalNumber = z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : v), z.coerce.number().finite().optional());

export const AlertRuleFormSchema = z
  .object({
    projectId: z.uuid(),
    ruleId: z.preprocess((v) => (v ? v : undefined), z.uuid().optional()),
    name: z.string().trim().min(1, 'Name the rule').max(120, 'At most 120 characters'),
    scopeType: z.enum(['all', 'tool', 'agent']),
    scopeValue: z.preprocess((v) => (typeof v === 'string' && v.trim() ? v.trim() : undefined), z.string().max(200).optional()),
    metric: z.enum(Object.keys(METRICS) as [Metric, ...Metric[]]),
    windowSeconds: z.coerce.number().int().min(60, 'At least one minute').max(7 * 86_400),
    condition: z.enum(['threshold', 'spike']),
    threshold: optionalNumber,
    baselineWindowSeconds: optionalNumber,
    spikeFactor: optionalNumber,
    minCalls: z.coerce.number().int().min(0, 'Cannot be negative').max(1_000_000),
    cooldownSeconds: z.coerce.number().int().min(0).max(7 * 86_400),
    enabled: z.boolean(),
    webhookIds: z.array(z.uuid()).max(20),
  })
  .superRefine((rule, ctx) => {
    if (rule.scopeType !== 'all' && !rule.scopeValue) ctx.addIssue({ code: 'custom', path: ['scopeValue'], message: `Name the ${rule.scopeType}` });
    if (rule.condition === 'threshold') {
      if (rule.threshold === undefined) ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'Set a threshold' });
      else if (rule.threshold < 0) ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'Cannot be negative' });
      else if (METRICS[rule.metric].isRate && rule.threshold > 100) ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'A rate is at most 100%' });
    } else {
      if (!rule.spikeFactor || rule.spikeFactor <= 1) ctx.addIssue({ code: 'custom', path: ['spikeFactor'], message: 'A spike is more than 1× the baseline' });
      if (!rule.baselineWindowSeconds || rule.baselineWindowSeconds <= rule.windowSeconds)
        ctx.addIssue({ code: 'custom', path: ['baselineWindowSeconds'], message: 'The baseline window must be longer than the window' });
    }
  });
export type AlertRuleForm = z.infer<typeof AlertRuleFormSchema>;

/** What the form shows for a stored threshold. */
export function thresholdForDisplay(metric: string, threshold: number | null): string {
  if (threshold === null) return '';
  return METRICS[metric as Metric]?.isRate ? String(Math.round(threshold * 10_000) / 100) : String(threshold);
}

export function describeRule(rule: {
  metric: string;
  condition: string;
  threshold: number | null;
  spikeFactor: number | null;
  windowSeconds: number;
  baselineWindowSeconds: number | null;
  scopeType: string;
  scopeValue: string | null;
}): string {
  const metric = METRICS[rule.metric as Metric];
  const label = metric?.label ?? rule.metric;
  const window = WINDOWS.find((w) => w.seconds === rule.windowSeconds)?.label ?? `${rule.windowSeconds}s`;
  const scope = rule.scopeType === 'all' ? 'all tools' : `${rule.scopeType} ${rule.scopeValue}`;
  if (rule.condition === 'spike') {
    const baseline = WINDOWS.find((w) => w.seconds === rule.baselineWindowSeconds)?.label ?? `${rule.baselineWindowSeconds}s`;
    return `${label} of ${scope} over ${window} ≥ ${rule.spikeFactor}× its ${baseline} baseline`;
  }
  const value = metric?.isRate ? `${thresholdForDisplay(rule.metric, rule.threshold)}%` : `${rule.threshold} ${metric?.unit ?? ''}`;
  return `${label} of ${scope} over ${window} ≥ ${value}`;
}
