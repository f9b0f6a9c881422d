/**
 * Delivers queued alert notifications to webhooks. Deliveries are claimed
 * with a lease (their next attempt is pushed out before sending), so a slow
 * receiver holds no database lock and a crashed collector's claims come back
 * by themselves. Non-2xx answers and network errors are retried with
 * exponential backoff; every attempt is logged on the delivery row.
 */
import type { Database } from '../db/client.ts';
import { startIntervalWorker, type Worker } from '../analysis/interval-worker.ts';
import { scopeLabel } from './evaluator.ts';
import { backoffMs, bodyFor, EVENT_HEADER, SIGNATURE_HEADER, signBody, TIMESTAMP_HEADER, type AlertNotice } from './payloads.ts';

export interface WebhookDispatcherOptions {
  db: Database;
  intervalMs?: number;
  fetch?: typeof globalThis.fetch;
  batchSize?: number;
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
  timeoutMs?: number;
  onError?: (error: unknown) => void;
}

interface ClaimedDelivery {
  id: string;
  attempts: number;
  url: string;
  format: string;
  secret: string | null;
  webhook_enabled: boolean;
  notice: AlertNotice;
}

export function startWebhookDispatcher(options: WebhookDispatcherOptions): Worker {
  const { db } = options;
  const send = options.fetch ?? globalThis.fetch;
  const batchSize = options.batchSize ?? 20;
  const maxAttempts = options.maxAttempts ?? 8;
  const baseMs = options.backoffBaseMs ?? 10_000;
  const capMs = options.backoffCapMs ?? 3_600_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  // While a claimed delivery is being sent nobody else takes it; if we crash, it is retried after this.
  const leaseSeconds = Math.ceil((timeoutMs + 30_000) / 1000);

  async function claim(): Promise<ClaimedDelivery[]> {
    const { rows } = await db.pool.query(
      `WITH claimed AS (
         UPDATE webhook_deliveries d
            SET next_attempt_at = now() + make_interval(secs => $2), attempts = d.attempts + 1
          WHERE d.id IN (SELECT id FROM webhook_deliveries
                          WHERE status = 'pending' AND next_attempt_at <= now()
                          ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
          RETURNING d.id, d.attempts, d.event_id, d.webhook_id)
       SELECT c.id, c.attempts, w.url, w.format, w.secret, w.enabled AS webhook_enabled,
              e.id AS event_id, e.kind, e.rule_id, r.name AS rule_name, e.project_id, r.metric, r.scope_type,
              r.scope_value, e.value, e.baseline, e.threshold, e.calls, e.message, e.example_calls, e.created_at
         FROM claimed c
         JOIN webhooks w ON w.id = c.webhook_id
         JOIN alert_events e ON e.id = c.event_id
         JOIN alert_rules r ON r.id = e.rule_id`,
      [batchSize, leaseSeconds],
    );
    return rows.map((row) => ({
      id: row.id,
      attempts: row.attempts,
      url: row.url,
      format: row.format,
      secret: row.secret,
      webhook_enabled: row.webhook_enabled,
      notice: {
        eventId: row.event_id,
        kind: row.kind,
        ruleId: row.rule_id,
        ruleName: row.rule_name,
        projectId: row.project_id,
        metric: row.metric,
        scope: scopeLabel(row.scope_type, row.scope_value),
        value: row.value,
        baseline: row.baseline,
        threshold: row.threshold,
        calls: row.calls,
        message: row.message,
        exampleCalls: row.example_calls,
        createdAt: new Date(row.created_at).toISOString(),
      },
    }));
  }

  async function deliver(delivery: ClaimedDelivery): Promise<void> {
    if (!delivery.webhook_enabled) {
      await db.pool.query(`UPDATE webhook_deliveries SET status = 'failed', error = 'webhook disabled' WHERE id = $1`, [delivery.id]);
      return;
    }
    // The same event always gives the same body, so a receiver can dedupe retries by its bytes or eventId.
    const body = bodyFor(delivery.format, delivery.notice);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'toolscope-webhooks',
      [EVENT_HEADER]: `alert.${delivery.notice.kind}`,
      [TIMESTAMP_HEADER]: String(Math.floor(Date.now() / 1000)),
    };
    if (delivery.secret) headers[SIGNATURE_HEADER] = signBody(delivery.secret, body);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await send(delivery.url, { method: 'POST', body, headers, signal: AbortSignal.timeout(timeoutMs) });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) error = `HTTP ${response.status}`;
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
    if (!error) {
      await db.pool.query(
        `UPDATE webhook_deliveries SET status = 'delivered', response_status = $2, error = NULL, delivered_at = now(), next_attempt_at = NULL
          WHERE id = $1`,
        [delivery.id, status],
      );
      return;
    }
    const giveUp = delivery.attempts >= maxAttempts;
    await db.pool.query(
      `UPDATE webhook_deliveries
          SET status = $2, response_status = $3, error = $4,
              next_attempt_at = CASE WHEN $2 = 'failed' THEN NULL ELSE now() + make_interval(secs => $5) END
        WHERE id = $1`,
      [delivery.id, giveUp ? 'failed' : 'pending', status, error.slice(0, 500), backoffMs(delivery.attempts, baseMs, capMs) / 1000],
    );
  }

  async function runOnce(): Promise<number> {
    const claimed = await claim();
    await Promise.all(claimed.map((delivery) => deliver(delivery).catch((e) => options.onError?.(e))));
    return claimed.length;
  }

  return startIntervalWorker(runOnce, options.intervalMs ?? 5_000, batchSize, options.onError);
}
