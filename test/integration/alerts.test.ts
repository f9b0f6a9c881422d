/**
 * Alerts end to end: a failure-rate spike sent through real OTLP ingest fires
 * a spike rule, and the notification arrives, signed, on a real local HTTP
 * server (after one failed attempt, retried). A flapping failure rate does
 * not produce a storm of notifications.
 */
import { createHmac } from 'node:crypto';
import { SpanStatusCode } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertRule } from '../../collector/alerts/rules.ts';
import { startAlertEvaluator } from '../../collector/alerts/evaluator.ts';
import { startWebhookDispatcher } from '../../collector/alerts/dispatcher.ts';
import { createWebhook } from '../../collector/alerts/webhooks.ts';
import { listAlertEvents, listWebhookDeliveries } from '../../collector/queries/index.ts';
import { startTestCollector, type TestCollector } from '../support/collector.ts';
import { protobufBody, recordSpans } from '../support/otlp-bodies.ts';
import { rebuildRollups } from '../support/rollups-from-raw.ts';
import { insertToolCalls, newTraceId } from '../support/seed-rows.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

let t: TestCollector;
let receiver: WebhookReceiver;
const SECRET = 'whsec-test-0123456789';
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await startTestCollector();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

/** Sends `n` read_file tool spans starting at the given times through OTLP; `fail(i)` marks failures. */
async function sendToolSpans(times: readonly Date[], fail: (i: number) => boolean): Promise<void> {
  const spans = await recordSpans((tracer) => {
    times.forEach((startTime, i) => {
      const failed = fail(i);
      const span = tracer.startSpan('execute_tool read_file', {
        startTime,
        attributes: {
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': 'read_file',
          'gen_ai.agent.name': 'coder',
          'gen_ai.tool.call.arguments': JSON.stringify({ path: `docs/${i}.md` }),
          ...(failed ? { 'error.type': 'execution/upstream_error' } : {}),
        },
      });
      if (failed) span.setStatus({ code: SpanStatusCode.ERROR, message: `upstream returned 502 for docs/${i}.md` });
      span.end(new Date(startTime.getTime() + 40));
    });
  });
  const response = await fetch(`${t.collector.url}/v1/traces`, {
    method: 'POST',
    body: new Uint8Array(protobufBody(spans)),
    headers: { 'content-type': 'application/x-protobuf', authorization: `Bearer ${t.ingestKey}` },
  });
  expect(response.status).toBe(200);
}

describe('a failure-rate spike through real ingest', () => {
  it('fires once, and the signed notification reaches the webhook after a retry', async () => {
    const webhook = await createWebhook(t.db, { projectId: t.projectId, name: 'local', url: receiver.url, format: 'slack', secret: SECRET });
    const rule = await createAlertRule(t.db, {
      projectId: t.projectId,
      name: 'read_file failing',
      scopeType: 'tool',
      scopeValue: 'read_file',
      metric: 'failure_rate',
      condition: 'spike',
      windowSeconds: 300,
      baselineWindowSeconds: 3600,
      spikeFactor: 3,
      minCalls: 20,
      cooldownSeconds: 900,
      webhookIds: [webhook.id],
    });
    const now = Date.now();
    // Baseline: 300 calls spread over the hour before the window, 2% failing.
    const baselineTimes = Array.from({ length: 300 }, (_, i) => new Date(now - 6 * 60_000 - i * 11_000));
    await sendToolSpans(baselineTimes, (i) => i % 50 === 0);
    const evaluator = startAlertEvaluator({ db: t.db, intervalMs: HOUR });
    const dispatcher = startWebhookDispatcher({ db: t.db, intervalMs: HOUR, backoffBaseMs: 50 });
    try {
      expect(await evaluator.runOnce()).toBe(0);
      // The spike: 60 calls in the last four minutes, 40% failing.
      const spikeTimes = Array.from({ length: 60 }, (_, i) => new Date(now - 4 * 60_000 + i * 3_000));
      await sendToolSpans(spikeTimes, (i) => i % 5 < 2);
      expect(await evaluator.runOnce()).toBe(1);
      // Still spiking: no second event.
      expect(await evaluator.runOnce()).toBe(0);

      const events = await listAlertEvents(t.db, { projectId: t.projectId, ruleId: rule.id });
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ kind: 'firing', calls: 60 });
      expect(events[0]!.value).toBeCloseTo(0.4, 5);
      expect(events[0]!.baseline!).toBeCloseTo(6 / 300, 5);
      expect((events[0]!.exampleCalls as unknown[]).length).toBe(5);

      // The receiver fails the first attempt; the dispatcher retries after its backoff.
      receiver.script.push(503);
      expect(await dispatcher.runOnce()).toBe(1);
      expect(receiver.received).toHaveLength(1);
      let [delivery] = await listWebhookDeliveries(t.db, { projectId: t.projectId, webhookId: webhook.id });
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 503, error: 'HTTP 503' });
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(await dispatcher.runOnce()).toBe(1);
      [delivery] = await listWebhookDeliveries(t.db, { projectId: t.projectId, webhookId: webhook.id });
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 200 });

      const request = receiver.received[1]!;
      const expected = `sha256=${createHmac('sha256', SECRET).update(request.body).digest('hex')}`;
      expect(request.headers['x-toolscope-signature']).toBe(expected);
      expect(Number(request.headers['x-toolscope-timestamp'])).toBeGreaterThan(now / 1000 - 60);
      expect(request.headers['content-type']).toBe('application/json');
      const body = JSON.parse(request.body);
      expect(body.text).toContain('read_file failing');
      expect(body.text).toContain('40.0%');
      expect(Array.isArray(body.blocks)).toBe(true);
      // Same event, same bytes on every attempt.
      expect(receiver.received[0]!.body).toBe(request.body);
    } finally {
      await evaluator.stop();
      await dispatcher.stop();
    }
  });
});

describe('a flapping failure rate', () => {
  it('gives one firing per cooldown instead of one per flap', async () => {
    const project = await t.db.prisma.project.create({ data: { name: `flapping-${Date.now()}` } });
    const webhook = await createWebhook(t.db, { projectId: project.id, name: 'local-json', url: receiver.url, format: 'json', secret: SECRET });
    await createAlertRule(t.db, {
      projectId: project.id,
      name: 'search flapping',
      metric: 'failure_rate',
      condition: 'threshold',
      threshold: 0.2,
      windowSeconds: 60,
      minCalls: 20,
      cooldownSeconds: 900,
    });
    const before = receiver.received.length;
    // Simulated time, two days back: an hour of minutes alternating 30% and 4% failure rates.
    const start = Math.floor((Date.now() - 2 * 24 * HOUR) / 60_000) * 60_000;
    let clock = new Date(start);
    const evaluator = startAlertEvaluator({ db: t.db, intervalMs: HOUR, now: () => clock });
    const dispatcher = startWebhookDispatcher({ db: t.db, intervalMs: HOUR });
    try {
      for (let minute = 0; minute < 60; minute++) {
        const failures = minute % 2 === 0 ? 15 : 2;
        await insertToolCalls(
          t.db.pool,
          project.id,
          Array.from({ length: 50 }, (_, i) => ({
            traceId: newTraceId(),
            tool: 'search',
            startedAt: new Date(start + minute * 60_000 + i * 1000),
            ...(i < failures ? { errorCategory: 'execution', errorType: 'timeout', errorMessage: 'timed out' } : {}),
          })),
        );
        await rebuildRollups(t.db.pool, project.id);
        clock = new Date(start + (minute + 1) * 60_000);
        await evaluator.runOnce();
        await dispatcher.runOnce();
      }
    } finally {
      await evaluator.stop();
      await dispatcher.stop();
    }
    const events = await listAlertEvents(t.db, { projectId: project.id, limit: 500 });
    const firings = events.filter((e) => e.kind === 'firing');
    // 30 flaps in an hour; with a 15-minute cooldown at most four firings (minutes 0, 16, 32, 48).
    expect(firings).toHaveLength(4);
    expect(events.length).toBeLessThanOrEqual(8);
    const sent = receiver.received.slice(before).map((r) => JSON.parse(r.body));
    expect(sent.filter((b) => b.type === 'alert.firing')).toHaveLength(4);
    expect(sent.length).toBe(events.length);
    const deliveries = await listWebhookDeliveries(t.db, { projectId: project.id, webhookId: webhook.id, limit: 500 });
    expect(deliveries.every((d) => d.status === 'delivered')).toBe(true);
  });
});
