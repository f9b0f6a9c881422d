/**
 * The alert evaluator: on an interval, measures every enabled rule over its
 * window (and baseline window for spikes), decides with `conditions.ts`, and
 * on a transition stores an event and queues one delivery per webhook. Rules
 * are claimed with FOR UPDATE SKIP LOCKED, so collectors running side by side
 * never evaluate the same rule at once.
 */
import type pg from 'pg';
import type { Database } from '../db/client.ts';
import { withTransaction } from '../db/transaction.ts';
import { startIntervalWorker, type Worker } from '../analysis/interval-worker.ts';
import { judge, nextTransition, type Measurement, type Metric, type Verdict } from './conditions.ts';
import { exampleCalls, measure, type RuleScope } from './metrics.ts';

export interface AlertEvaluatorOptions {
  db: Database;
  intervalMs?: number;
  /** The evaluator's clock; tests replay time with it. */
  now?: () => Date;
  onError?: (error: unknown) => void;
}

interface RuleRow {
  id: string;
  project_id: string;
  name: string;
  scope_type: string;
  scope_value: string | null;
  metric: Metric;
  window_seconds: number;
  condition: 'threshold' | 'spike';
  threshold: number | null;
  baseline_window_seconds: number | null;
  spike_factor: number | null;
  min_calls: number;
  cooldown_seconds: number;
  state: 'ok' | 'firing';
  last_fired_at: Date | null;
  webhook_ids: string[];
}

export function formatValue(metric: Metric, value: number): string {
  if (metric === 'failure_rate' || metric === 'refusal_rate') return `${(value * 100).toFixed(1)}%`;
  if (metric === 'p95_latency') return `${Math.round(value)} ms`;
  return String(Math.round(value * 100) / 100);
}

const METRIC_NAMES: Record<Metric, string> = {
  failure_rate: 'failure rate',
  failures: 'failures',
  p95_latency: 'p95 latency',
  loop_incidents: 'loop incidents',
  refusal_rate: 'refusal rate',
};

export function scopeLabel(scopeType: string, scopeValue: string | null): string {
  return scopeType === 'all' ? 'all tools' : `${scopeType} ${scopeValue}`;
}

function eventMessage(rule: RuleRow, kind: 'firing' | 'resolved', current: Measurement, baseline: Measurement | undefined, verdict: Verdict): string {
  const metric = METRIC_NAMES[rule.metric];
  const value = formatValue(rule.metric, current.value);
  const window = `${Math.round(rule.window_seconds / 60)} min`;
  const against =
    rule.condition === 'spike' && baseline
      ? `baseline ${formatValue(rule.metric, baseline.value)}, fires at ${rule.spike_factor}×`
      : `threshold ${formatValue(rule.metric, verdict.level ?? 0)}`;
  const verb = kind === 'firing' ? 'is' : 'is back to';
  return `${metric} of ${scopeLabel(rule.scope_type, rule.scope_value)} ${verb} ${value} over the last ${window} (${against}; ${current.calls} calls)`;
}

async function evaluateRule(client: pg.PoolClient, rule: RuleRow, now: Date): Promise<'fire' | 'resolve' | 'none'> {
  const scope: RuleScope = { projectId: rule.project_id, scopeType: rule.scope_type, scopeValue: rule.scope_value, metric: rule.metric };
  const windowStart = new Date(now.getTime() - rule.window_seconds * 1000);
  const current = await measure(client, scope, { from: windowStart, to: now });
  const baseline =
    rule.condition === 'spike' && rule.baseline_window_seconds
      ? await measure(client, scope, { from: new Date(windowStart.getTime() - rule.baseline_window_seconds * 1000), to: windowStart })
      : undefined;
  const verdict = judge(
    {
      metric: rule.metric,
      condition: rule.condition,
      threshold: rule.threshold,
      spikeFactor: rule.spike_factor,
      minCalls: rule.min_calls,
      windowSeconds: rule.window_seconds,
      baselineWindowSeconds: rule.baseline_window_seconds,
    },
    current,
    baseline,
  );
  const transition = nextTransition(rule.state, verdict, rule.last_fired_at, rule.cooldown_seconds, now);
  if (transition === 'none') {
    await client.query('UPDATE alert_rules SET last_evaluated_at = $2 WHERE id = $1', [rule.id, now]);
    return transition;
  }
  const kind = transition === 'fire' ? 'firing' : 'resolved';
  const examples = kind === 'firing' ? await exampleCalls(client, scope, { from: windowStart, to: now }) : [];
  const event = await client.query<{ id: string }>(
    `INSERT INTO alert_events (rule_id, project_id, kind, value, baseline, threshold, calls, example_calls, message, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10) RETURNING id`,
    [
      rule.id,
      rule.project_id,
      kind,
      current.value,
      baseline?.value ?? null,
      verdict.level,
      Math.round(current.calls),
      JSON.stringify(examples),
      eventMessage(rule, kind, current, baseline, verdict),
      now,
    ],
  );
  // The rule's webhooks, or every enabled webhook of the project when it names none.
  await client.query(
    `INSERT INTO webhook_deliveries (event_id, webhook_id, next_attempt_at)
     SELECT $1, w.id, now() FROM webhooks w
      WHERE w.project_id = $2 AND w.enabled AND (cardinality($3::text[]) = 0 OR w.id::text = ANY($3::text[]))`,
    [event.rows[0]!.id, rule.project_id, rule.webhook_ids],
  );
  await client.query(
    `UPDATE alert_rules SET state = $2, last_evaluated_at = $3, last_fired_at = CASE WHEN $2 = 'firing' THEN $3 ELSE last_fired_at END
      WHERE id = $1`,
    [rule.id, kind === 'firing' ? 'firing' : 'ok', now],
  );
  return transition;
}

export function startAlertEvaluator(options: AlertEvaluatorOptions): Worker {
  const { db } = options;
  const clock = options.now ?? (() => new Date());

  async function runOnce(): Promise<number> {
    const now = clock();
    return withTransaction(db.pool, async (client) => {
      const { rows } = await client.query<RuleRow>(
        `SELECT id, project_id, name, scope_type, scope_value, metric, window_seconds, condition, threshold,
                baseline_window_seconds, spike_factor, min_calls, cooldown_seconds, state, last_fired_at, webhook_ids
           FROM alert_rules WHERE enabled ORDER BY id FOR UPDATE SKIP LOCKED`,
      );
      let transitions = 0;
      for (const rule of rows) {
        await client.query('SAVEPOINT rule');
        try {
          if ((await evaluateRule(client, rule, now)) !== 'none') transitions++;
          await client.query('RELEASE SAVEPOINT rule');
        } catch (error) {
          await client.query('ROLLBACK TO SAVEPOINT rule');
          options.onError?.(error);
        }
      }
      return transitions;
    });
  }

  return startIntervalWorker(runOnce, options.intervalMs ?? 30_000, Number.POSITIVE_INFINITY, options.onError);
}
