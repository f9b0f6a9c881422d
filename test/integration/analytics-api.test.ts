/**
 * The /api/v1 analytics and management endpoints on a real collector: data
 * in through OTLP, read back through the API with a read key, zod errors as
 * 400s, and no way to reach another project's data.
 */
import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnalysisWorker } from '../../collector/analysis/worker.ts';
import { startTestCollector, type TestCollector } from '../support/collector.ts';
import { protobufBody, recordSpans } from '../support/otlp-bodies.ts';

let a: TestCollector;
let b: TestCollector;
let traceId = '';

beforeAll(async () => {
  a = await startTestCollector();
  b = await startTestCollector();
  // One run: an agent span with eight read_file calls in a row, three failing with not-found errors.
  const spans = await recordSpans((tracer) => {
    const root = tracer.startSpan('invoke_agent coder', { attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'coder' } });
    traceId = root.spanContext().traceId;
    const start = Date.now() - 60_000;
    for (let i = 0; i < 8; i++) {
      const parent = root.spanContext();
      const span = tracer.startSpan(
        'execute_tool read_file',
        {
          startTime: new Date(start + i * 1000),
          attributes: {
            'gen_ai.operation.name': 'execute_tool',
            'gen_ai.tool.name': 'read_file',
            'gen_ai.agent.name': 'coder',
            'gen_ai.tool.call.arguments': JSON.stringify({ path: `src/file${i}.ts` }),
            ...(i < 3 ? { 'error.type': 'execution/not_found' } : {}),
          },
        },
        // Parent the call under the agent span.
        trace.setSpanContext(context.active(), parent),
      );
      if (i < 3) span.setStatus({ code: SpanStatusCode.ERROR, message: `File not found: src/file${i}.ts` });
      span.end(new Date(start + i * 1000 + 25));
    }
    root.end();
  });
  const response = await fetch(`${a.collector.url}/v1/traces`, {
    method: 'POST',
    body: new Uint8Array(protobufBody(spans)),
    headers: { 'content-type': 'application/x-protobuf', authorization: `Bearer ${a.ingestKey}` },
  });
  expect(response.status).toBe(200);
  const worker = startAnalysisWorker({ db: a.db, intervalMs: 3_600_000, commitMarginMs: 0 });
  while ((await worker.runOnce()) > 0);
  await worker.stop();
});
afterAll(async () => {
  await a.close();
  await b.close();
});

async function api(t: TestCollector, path: string, init: { method?: string; body?: unknown; key?: string } = {}) {
  const response = await fetch(`${t.collector.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${init.key ?? t.readKey}`,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

describe('analytics endpoints', () => {
  it('answer 401 without a read key', async () => {
    const response = await fetch(`${a.collector.url}/api/v1/overview`);
    expect(response.status).toBe(401);
  });

  it('serve the overview, a tool, the error taxonomy and retries', async () => {
    const overview = await api(a, '/api/v1/overview');
    expect(overview.status).toBe(200);
    expect(overview.body.totals).toMatchObject({ calls: 8, failures: 3 });
    expect(overview.body.problemTools[0].tool).toBe('read_file');

    const tool = await api(a, '/api/v1/tools/read_file');
    expect(tool.body.stats).toMatchObject({ calls: 8, failures: 3 });
    expect(tool.body.recentFailures).toHaveLength(3);

    const errors = await api(a, '/api/v1/errors');
    const templates = errors.body.categories[0].types[0].templates;
    expect(templates).toHaveLength(1);
    expect(templates[0]).toMatchObject({ template: 'File not found: <path>', failures: 3 });

    const retries = await api(a, '/api/v1/retries');
    expect(retries.body.retries).toMatchObject({ calls: 8, retries: 0 });
  });

  it('answer 400 naming the bad parameter', async () => {
    const bad = await api(a, '/api/v1/overview?from=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/from/);
    const reversed = await api(a, '/api/v1/overview?from=2026-11-21T00:00:00Z&to=2026-11-20T00:00:00Z');
    expect(reversed.status).toBe(400);
  });

  it('list incidents and runs, and show a run with its loop', async () => {
    const incidents = await api(a, '/api/v1/incidents?kind=loop');
    expect(incidents.body.incidents).toMatchObject([{ type: 'same_tool', length: 8, traceId }]);
    const runs = await api(a, '/api/v1/runs');
    expect(runs.body.runs.map((r: { traceId: string }) => r.traceId)).toEqual([traceId]);
    const run = await api(a, `/api/v1/runs/${traceId}`);
    expect(run.body.timeline.filter((e: { kind: string }) => e.kind === 'tool')).toHaveLength(8);
    expect(run.body.incidents).toHaveLength(1);
    expect((await api(a, `/api/v1/runs/${'0'.repeat(32)}`)).status).toBe(404);
    expect((await api(a, '/api/v1/runs/not-a-trace')).status).toBe(400);
  });

  it('never show one project the other project’s data', async () => {
    const overview = await api(b, '/api/v1/overview');
    expect(overview.body.totals.calls).toBe(0);
    expect((await api(b, `/api/v1/runs/${traceId}`)).status).toBe(404);
  });
});

describe('management endpoints', () => {
  it('create, change, list and delete a contract', async () => {
    const put = await api(a, '/api/v1/contracts/coder', {
      method: 'PUT',
      body: { requiredSuccess: ['read_file', 'write_file'], nextRequired: { read_file: 'write_file' } },
    });
    expect(put.status).toBe(200);
    expect(put.body.definition.requiredSuccess).toEqual(['read_file', 'write_file']);
    expect((await api(a, '/api/v1/contracts/coder', { method: 'PUT', body: {} })).status).toBe(400);
    expect((await api(a, '/api/v1/contracts/coder', { method: 'PATCH', body: { enabled: false } })).body.enabled).toBe(false);
    expect((await api(a, '/api/v1/contracts')).body.contracts).toHaveLength(1);
    expect((await api(b, '/api/v1/contracts')).body.contracts).toHaveLength(0);
    expect((await api(a, '/api/v1/contracts/coder', { method: 'DELETE' })).status).toBe(204);
    expect((await api(a, '/api/v1/contracts/coder', { method: 'DELETE' })).status).toBe(404);
  });

  it('create webhooks without ever reading the secret back, and alert rules that use them', async () => {
    const hook = await api(a, '/api/v1/webhooks', {
      method: 'POST',
      body: { name: 'slack', url: 'https://hooks.example.com/services/T/B/X', format: 'slack', secret: 'whsec-abcdefgh' },
    });
    expect(hook.status).toBe(201);
    expect(hook.body).toMatchObject({ signed: true, format: 'slack' });
    expect(JSON.stringify(hook.body)).not.toContain('whsec');
    expect((await api(a, '/api/v1/webhooks', { method: 'POST', body: { name: 'x', url: 'ftp://nope' } })).status).toBe(400);

    const rule = await api(a, '/api/v1/alert-rules', {
      method: 'POST',
      body: { name: 'read_file failing', scopeType: 'tool', scopeValue: 'read_file', metric: 'failure_rate', threshold: 0.25, webhookIds: [hook.body.id] },
    });
    expect(rule.status).toBe(201);
    expect(rule.body).toMatchObject({ state: 'ok', windowSeconds: 300, cooldownSeconds: 900, minCalls: 20 });

    const invalid = await api(a, '/api/v1/alert-rules', { method: 'POST', body: { name: 'spike without baseline', metric: 'failures', condition: 'spike' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatch(/spikeFactor/);
    const foreignHook = await api(b, '/api/v1/alert-rules', {
      method: 'POST',
      body: { name: 'x', metric: 'failures', threshold: 5, webhookIds: [hook.body.id] },
    });
    expect(foreignHook.status).toBe(400);

    const patched = await api(a, `/api/v1/alert-rules/${rule.body.id}`, { method: 'PATCH', body: { threshold: 0.5, enabled: false } });
    expect(patched.body).toMatchObject({ threshold: 0.5, enabled: false });
    expect((await api(a, `/api/v1/alert-rules/${rule.body.id}`, { method: 'PATCH', body: { threshold: 3 } })).status).toBe(400);
    expect((await api(b, `/api/v1/alert-rules/${rule.body.id}`)).status).toBe(404);
    expect((await api(a, '/api/v1/alert-rules')).body.rules).toHaveLength(1);
    expect((await api(a, '/api/v1/alert-events')).body.events).toEqual([]);
    expect((await api(a, `/api/v1/webhooks/${hook.body.id}/deliveries`)).body.deliveries).toEqual([]);

    expect((await api(a, `/api/v1/webhooks/${hook.body.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(a, `/api/v1/alert-rules/${rule.body.id}`)).body.webhookIds).toEqual([]);
    expect((await api(a, `/api/v1/alert-rules/${rule.body.id}`, { method: 'DELETE' })).status).toBe(204);
  });
});
