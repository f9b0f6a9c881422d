/**
 * The OTLP/HTTP receiver rules: authentication, content types, size limits,
 * decode errors, partial success, idempotent re-sends and project isolation.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldRollupDeltas } from '../../collector/ingest/fold-rollups.ts';
import { startTestCollector, type TestCollector } from '../support/collector.ts';
import { jsonBody, protobufBody, recordSpans, toolSpans } from '../support/otlp-bodies.ts';

let a: TestCollector;
let b: TestCollector;
const MAX_BODY = 64 * 1024;

beforeAll(async () => {
  a = await startTestCollector({ env: { TOOLSCOPE_MAX_BODY_BYTES: String(MAX_BODY) } });
  // A second project on the same database and server binary.
  b = await startTestCollector();
});
afterAll(async () => {
  await a.close();
  await b.close();
});

function post(t: TestCollector, body: Buffer | string, headers: Record<string, string>) {
  return fetch(`${t.collector.url}/v1/traces`, { method: "POST", body: typeof body === "string" ? body : new Uint8Array(body), headers });
}

const protobuf = { 'content-type': 'application/x-protobuf' };

async function count(t: TestCollector, table = 'tool_calls'): Promise<number> {
  const { rows } = await t.db.pool.query(`SELECT count(*) AS n FROM ${table} WHERE project_id = $1`, [t.projectId]);
  return rows[0].n;
}

describe('authentication', () => {
  it('answers 401 without a key, with an unknown key and with a read key', async () => {
    const body = protobufBody(await recordSpans((tracer) => toolSpans(tracer, 1)));
    for (const headers of [{} as Record<string, string>, { authorization: 'Bearer ts_ingest_nope' }, { authorization: `Bearer ${a.readKey}` }]) {
      const response = await post(a, body, { ...protobuf, ...headers });
      expect(response.status).toBe(401);
    }
    expect(await count(a)).toBe(0);
  });

  it('accepts the key as a Bearer token and as x-api-key', async () => {
    const first = protobufBody(await recordSpans((tracer) => toolSpans(tracer, 2)));
    const second = protobufBody(await recordSpans((tracer) => toolSpans(tracer, 3)));
    expect((await post(a, first, { ...protobuf, authorization: `Bearer ${a.ingestKey}` })).status).toBe(200);
    expect((await post(a, second, { ...protobuf, 'x-api-key': a.ingestKey })).status).toBe(200);
    expect(await count(a)).toBe(5);
  });

  it('keeps projects apart: a key writes only into its own project and reads only its own data', async () => {
    const before = await count(b);
    const body = protobufBody(await recordSpans((tracer) => toolSpans(tracer, 4)));
    expect((await post(b, body, { ...protobuf, authorization: `Bearer ${b.ingestKey}` })).status).toBe(200);
    expect(await count(b)).toBe(before + 4);
    const fromA = await fetch(`${a.collector.url}/api/v1/tool-calls?limit=500&from=2000-01-01T00:00:00Z`, { headers: { authorization: `Bearer ${a.readKey}` } });
    const fromB = await fetch(`${a.collector.url}/api/v1/tool-calls?limit=500&from=2000-01-01T00:00:00Z`, { headers: { authorization: `Bearer ${b.readKey}` } });
    const idsA = new Set(((await fromA.json()) as { items: { spanId: string }[] }).items.map((i) => i.spanId));
    const idsB = ((await fromB.json()) as { items: { spanId: string }[] }).items.map((i) => i.spanId);
    expect(idsB).toHaveLength(before + 4);
    expect(idsB.some((id) => idsA.has(id))).toBe(false);
  });
});

describe('bodies', () => {
  const auth = () => ({ authorization: `Bearer ${a.ingestKey}` });

  it('answers 415 for other content types, naming the accepted ones', async () => {
    const response = await post(a, 'hello', { 'content-type': 'text/plain', ...auth() });
    expect(response.status).toBe(415);
    expect(await response.text()).toMatch(/application\/x-protobuf or application\/json/);
  });

  it('answers 413 over the body limit, compressed or not', async () => {
    const big = protobufBody(await recordSpans((tracer) => toolSpans(tracer, 2000)));
    expect(big.length).toBeGreaterThan(MAX_BODY);
    expect((await post(a, big, { ...protobuf, ...auth() })).status).toBe(413);
    // Small on the wire, too big once inflated: the limit applies after decompression.
    const bomb = JSON.parse(jsonBody(await recordSpans((tracer) => toolSpans(tracer, 1))).toString('utf8'));
    bomb.resourceSpans[0].scopeSpans[0].spans[0].attributes.push({ key: 'padding', value: { stringValue: 'a'.repeat(4 * MAX_BODY) } });
    const zipped = gzipSync(JSON.stringify(bomb));
    expect(zipped.length).toBeLessThan(MAX_BODY);
    expect((await post(a, zipped, { 'content-type': 'application/json', 'content-encoding': 'gzip', ...auth() })).status).toBe(413);
  });

  it('answers 400 with a message naming the problem for bodies that do not decode', async () => {
    const garbage = await post(a, Buffer.from([0x0a, 0xff, 0xff, 0xff, 0x0f, 0x01]), { ...protobuf, ...auth() });
    expect(garbage.status).toBe(400);
    const badJson = await post(a, '{"resourceSpans": 7}', { 'content-type': 'application/json', ...auth() });
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as { message: string }).message).toMatch(/resourceSpans/);
    const notGzip = await post(a, 'plain', { 'content-type': 'application/json', 'content-encoding': 'gzip', ...auth() });
    expect(notGzip.status).toBe(400);
    expect(((await notGzip.json()) as { message: string }).message).toMatch(/gzip/);
  });

  it('answers 200 with partialSuccess for spans rejected one by one, and stores the rest', async () => {
    const before = await count(a);
    const body = JSON.parse(jsonBody(await recordSpans((tracer) => toolSpans(tracer, 3))).toString('utf8'));
    body.resourceSpans[0].scopeSpans[0].spans[1].traceId = '00000000000000000000000000000000';
    const response = await post(a, JSON.stringify(body), { 'content-type': 'application/json', ...auth() });
    expect(response.status).toBe(200);
    const reply = (await response.json()) as { partialSuccess: { rejectedSpans: string; errorMessage: string } };
    expect(reply.partialSuccess.rejectedSpans).toBe('1');
    expect(reply.partialSuccess.errorMessage).toMatch(/trace/i);
    expect(await count(a)).toBe(before + 2);
  });

  it('stores payloads holding U+0000, which Postgres text cannot, as U+FFFD instead of failing the batch', async () => {
    const body = JSON.parse(jsonBody(await recordSpans((tracer) => toolSpans(tracer, 2))).toString('utf8'));
    const span = body.resourceSpans[0].scopeSpans[0].spans[0];
    span.attributes.push({ key: 'gen_ai.tool.call.result', value: { stringValue: 'binary\u0000output and a literal \\u0000' } });
    span.attributes.push({ key: 'gen_ai.agent.name', value: { stringValue: 'agent\u0000x' } });
    const response = await post(a, JSON.stringify(body), { 'content-type': 'application/json', ...auth() });
    expect(response.status).toBe(200);
    const { rows } = await a.db.pool.query('SELECT result, agent_name FROM tool_calls WHERE project_id = $1 AND span_id = $2', [a.projectId, span.spanId]);
    expect(rows[0]).toEqual({ result: 'binary\ufffdoutput and a literal \\u0000', agent_name: 'agent\ufffdx' });
  });

  it('never duplicates a record when the same body is sent again', async () => {
    const body = protobufBody(await recordSpans((tracer) => toolSpans(tracer, 10)));
    const before = await count(a);
    const rollupsBefore = await foldedCalls(a);
    for (let i = 0; i < 3; i++) expect((await post(a, body, { ...protobuf, ...auth() })).status).toBe(200);
    expect(await count(a)).toBe(before + 10);
    expect((await foldedCalls(a)) - rollupsBefore).toBe(10);
  });
});

/** Calls in the rollups once every pending delta is folded. */
async function foldedCalls(t: TestCollector): Promise<number> {
  await foldRollupDeltas(t.db.pool);
  const { rows } = await t.db.pool.query('SELECT coalesce(sum(calls), 0)::int AS n FROM tool_call_rollups WHERE project_id = $1', [t.projectId]);
  return rows[0].n;
}

/** Calls of the last hour as the read API reports them. */
async function apiCalls(t: TestCollector): Promise<number> {
  const from = new Date(Date.now() - 3_600_000).toISOString();
  const to = new Date(Date.now() + 60_000).toISOString();
  const response = await fetch(`${t.collector.url}/api/v1/tools?from=${from}&to=${to}`, { headers: { authorization: `Bearer ${t.readKey}` } });
  expect(response.status).toBe(200);
  const { tools } = (await response.json()) as { tools: Array<{ calls: number }> };
  return tools.reduce((sum, tool) => sum + tool.calls, 0);
}

describe('concurrent requests', () => {
  it('are read exactly right after their 200s, and fold into the rollups exactly once while folds run beside them', async () => {
    const bodies = await Promise.all(Array.from({ length: 8 }, () => recordSpans((tracer) => toolSpans(tracer, 40, 4))));
    const foldedBefore = await foldedCalls(a);
    const readBefore = await apiCalls(a);
    let ingesting = true;
    const folds = (async () => {
      while (ingesting) await foldRollupDeltas(a.db.pool);
    })();
    const responses = await Promise.all(
      bodies.map((spans) => post(a, protobufBody(spans), { ...protobuf, authorization: `Bearer ${a.ingestKey}` })),
    );
    expect(responses.map((r) => r.status)).toEqual(new Array(8).fill(200));
    // Whatever the folds have moved so far, a read counts every call once.
    expect((await apiCalls(a)) - readBefore).toBe(8 * 40);
    ingesting = false;
    await folds;
    expect((await foldedCalls(a)) - foldedBefore).toBe(8 * 40);
    const pending = await a.db.pool.query('SELECT count(*)::int AS n FROM tool_call_rollup_deltas WHERE project_id = $1', [a.projectId]);
    expect(pending.rows[0].n).toBe(0);
    expect(await apiCalls(a)).toBe(readBefore + 8 * 40);
  });
});

describe('read API', () => {
  it('filters by tool and outcome and pages with a cursor without gaps or repeats', async () => {
    const headers = { authorization: `Bearer ${b.readKey}` };
    const body = protobufBody(await recordSpans((tracer) => toolSpans(tracer, 25, 1)));
    expect((await post(b, body, { ...protobuf, authorization: `Bearer ${b.ingestKey}` })).status).toBe(200);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url = new URL(`${b.collector.url}/api/v1/tool-calls`);
      url.searchParams.set('tool', 'tool-0');
      url.searchParams.set('limit', '7');
      if (cursor) url.searchParams.set('cursor', cursor);
      const page = (await (await fetch(url, { headers })).json()) as { items: { spanId: string; toolName: string }[]; nextCursor: string | null };
      expect(page.items.every((i) => i.toolName === 'tool-0')).toBe(true);
      seen.push(...page.items.map((i) => i.spanId));
      cursor = page.nextCursor;
    } while (cursor);
    const { rows } = await b.db.pool.query(`SELECT count(*) AS n FROM tool_calls WHERE project_id = $1 AND tool_name = 'tool-0'`, [b.projectId]);
    expect(seen).toHaveLength(rows[0].n);
    expect(new Set(seen).size).toBe(seen.length);

    const failures = (await (await fetch(`${b.collector.url}/api/v1/tool-calls?outcome=failure&limit=500`, { headers })).json()) as { items: { outcome: string }[] };
    expect(failures.items.length).toBeGreaterThan(0);
    expect(failures.items.every((i) => i.outcome === 'failure')).toBe(true);
  });

  it('summarises tools with calls, failures, accuracy and latency percentiles', async () => {
    const response = await fetch(`${b.collector.url}/api/v1/tools`, { headers: { authorization: `Bearer ${b.readKey}` } });
    expect(response.status).toBe(200);
    const { tools } = (await response.json()) as { tools: { tool: string; calls: number; failures: number; accuracyRate: number; p50Ms: number; p95Ms: number }[] };
    const { rows } = await b.db.pool.query(
      `SELECT tool_name, count(*) AS calls, count(*) FILTER (WHERE outcome = 'failure') AS failures FROM tool_calls WHERE project_id = $1 GROUP BY 1`,
      [b.projectId],
    );
    expect(tools.map((x) => [x.tool, x.calls, x.failures]).sort()).toEqual(rows.map((r) => [r.tool_name, r.calls, r.failures]).sort());
    for (const tool of tools) {
      expect(tool.accuracyRate).toBeCloseTo((tool.calls - tool.failures) / tool.calls);
      expect(tool.p95Ms).toBeGreaterThanOrEqual(tool.p50Ms);
    }
  });

  it('rejects bad parameters and missing keys with messages that say what to fix', async () => {
    const headers = { authorization: `Bearer ${b.readKey}` };
    const bad = await fetch(`${b.collector.url}/api/v1/tool-calls?from=yesterday&limit=9999`, { headers });
    expect(bad.status).toBe(400);
    const { error } = (await bad.json()) as { error: string };
    expect(error).toMatch(/from/);
    expect(error).toMatch(/limit/);
    expect((await fetch(`${b.collector.url}/api/v1/tools`)).status).toBe(401);
    expect((await fetch(`${b.collector.url}/api/v1/tools`, { headers: { authorization: `Bearer ${b.ingestKey}` } })).status).toBe(401);
  });
});

describe('health', () => {
  it('reports live and ready', async () => {
    expect((await fetch(`${a.collector.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${a.collector.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });
});
