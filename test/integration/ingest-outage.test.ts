/**
 * Postgres goes away mid-stream: the collector answers 503 with Retry-After,
 * recovers by itself when Postgres returns, and the official exporter's
 * retries then deliver every span exactly once.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../collector/db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../collector/db/embedded-postgres.ts';
import { applyMigrations } from '../../collector/db/migrate.ts';
import { foldRollupDeltas } from '../../collector/ingest/fold-rollups.ts';
import { startTestCollector, type TestCollector } from '../support/collector.ts';
import { freePort } from '../support/free-port.ts';
import { exportPipeline } from '../support/otel.ts';
import { protobufBody, recordSpans, toolSpans } from '../support/otlp-bodies.ts';

let dir: string;
let port: number;
let postgres: EmbeddedDatabase;
let t: TestCollector;

beforeAll(async () => {
  // Its own Postgres: this test stops the server, which the other tests share.
  dir = mkdtempSync(join(tmpdir(), 'toolscope-outage-'));
  chmodSync(dir, 0o755);
  port = await freePort();
  postgres = await startEmbeddedPostgres({ dir, port });
  const db = openDatabase(postgres.url, { max: 1 });
  await applyMigrations(db.pool);
  await db.close();
  t = await startTestCollector({ databaseUrl: postgres.url });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('counts every span exactly once across a Postgres restart', async () => {
  const pipeline = exportPipeline({ url: t.collector.url, apiKey: t.ingestKey, format: 'protobuf', timeoutMillis: 30_000, maxExportBatchSize: 100 });
  let emitted = 0;
  const emit = (n: number) => {
    for (let i = 0; i < n; i++) {
      const span = pipeline.tracer.startSpan('execute_tool ping', {
        attributes: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'ping', 'gen_ai.tool.call.arguments': `{"n":${emitted}}` },
      });
      span.end();
      emitted++;
    }
  };

  for (let i = 0; i < 10; i++) {
    emit(40);
    await sleep(30);
  }
  await pipeline.flush();

  await postgres.stop();
  // While Postgres is down: 503 with Retry-After, nothing acknowledged.
  const body = protobufBody(await recordSpans((tracer) => toolSpans(tracer, 1)));
  const refused = await fetch(`${t.collector.url}/v1/traces`, {
    method: 'POST',
    body: new Uint8Array(body),
    headers: { 'content-type': 'application/x-protobuf', authorization: `Bearer ${t.ingestKey}` },
  });
  expect(refused.status).toBe(503);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await fetch(`${t.collector.url}/readyz`)).status).toBe(503);

  // Keep producing while the database is gone; the exporter queues and retries.
  for (let i = 0; i < 10; i++) {
    emit(40);
    await sleep(100);
  }
  postgres = await startEmbeddedPostgres({ dir, port });
  for (let i = 0; i < 10; i++) {
    emit(40);
    await sleep(30);
  }
  await pipeline.flush();
  await pipeline.shutdown();

  expect((await fetch(`${t.collector.url}/readyz`)).status).toBe(200);
  const { rows } = await t.db.pool.query(
    `SELECT count(*) AS n, count(DISTINCT arguments) AS distinct_args FROM tool_calls WHERE project_id = $1 AND tool_name = 'ping'`,
    [t.projectId],
  );
  expect(emitted).toBe(1200);
  expect(rows[0]).toEqual({ n: emitted, distinct_args: emitted });
  await foldRollupDeltas(t.db.pool);
  const rollup = await t.db.pool.query(`SELECT sum(calls) AS n FROM tool_call_rollups WHERE project_id = $1 AND tool_name = 'ping'`, [t.projectId]);
  expect(rollup.rows[0].n).toBe(emitted);
}, 120_000);
