/**
 * Ingest benchmark: OTLP protobuf batches of realistic tool spans from
 * concurrent clients into a real collector process, counting committed rows;
 * in the same run, the raw batched INSERT of the same rows into the same table
 * (no HTTP, no decoding, no rollups) as the baseline.
 *
 *   npm run bench:ingest -- [--requests 400] [--spans 512] [--concurrency 4] [--no-write]
 *
 * Uses DATABASE_URL when set (a fresh database is created on that server),
 * else an embedded Postgres in a temporary folder.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { openDatabase, type Database } from '../../../collector/db/client.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../../../collector/db/embedded-postgres.ts';
import { applyMigrations } from '../../../collector/db/migrate.ts';
import { insertRunSpans, insertToolCalls } from '../../../collector/ingest/store.ts';
import type { RunSpanRecord, ToolCallRecord } from '../../../collector/ingest/records.ts';
import { normalizeRequest } from '../../../collector/normalize/index.ts';
import { decodeTraceRequest } from '../../../collector/otlp/index.ts';
import { spawnCli } from '../../support/cli.ts';
import { freePort } from '../../support/free-port.ts';
import { adminUrlOf, withDatabase } from '../../support/database-url.ts';
import { cpuSeconds, formatNumber, peakRssMiB, percentile } from '../support/stats.ts';
import { writeBenchmarkSection } from '../support/report.ts';
import { buildBodies } from './spans.ts';

const Flags = z.object({
  requests: z.coerce.number().int().min(10).max(100_000).default(400),
  spans: z.coerce.number().int().min(10).max(10_000).default(512),
  concurrency: z.coerce.number().int().min(1).max(64).default(4),
  'no-write': z.boolean().default(false),
});

function parseFlags() {
  const { values } = parseArgs({
    options: { requests: { type: 'string' }, spans: { type: 'string' }, concurrency: { type: 'string' }, 'no-write': { type: 'boolean' } },
    strict: true,
  });
  const parsed = Flags.safeParse(values);
  if (!parsed.success) {
    console.error(`bench:ingest: ${parsed.error.issues.map((i) => `--${String(i.path[0])}: ${i.message}`).join('; ')}`);
    process.exit(2);
  }
  return parsed.data;
}

const log = (message: string) => process.stderr.write(`${message}\n`);

/** Runs `work(i)` for i in 0..n-1 on `concurrency` workers; returns each item's latency in ms. */
async function runConcurrently(n: number, concurrency: number, work: (i: number) => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  let done = 0;
  const progressEvery = Math.max(1, Math.floor(n / 10));
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < n; i = next++) {
        const started = performance.now();
        await work(i);
        latencies.push(performance.now() - started);
        if (++done % progressEvery === 0) log(`  ${done}/${n}`);
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}

interface BaselineBatch {
  toolCalls: ToolCallRecord[];
  runSpans: RunSpanRecord[];
}

/**
 * The same rows ingest stores for each request (its tool calls and its agent
 * and model spans), inserted raw into the same tables, one transaction per
 * request; returns rows per second.
 */
async function baselineInsert(db: Database, batches: BaselineBatch[], concurrency: number): Promise<number> {
  const project = await db.prisma.project.create({ data: { name: `baseline-${Date.now()}` } });
  const started = performance.now();
  await runConcurrently(batches.length, concurrency, async (i) => {
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await insertToolCalls(client, project.id, batches[i]!.toolCalls);
      await insertRunSpans(client, project.id, batches[i]!.runSpans);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  });
  const seconds = (performance.now() - started) / 1000;
  const rows = batches.reduce((sum, b) => sum + b.toolCalls.length + b.runSpans.length, 0);
  const { rows: counted } = await db.pool.query(
    'SELECT (SELECT count(*) FROM tool_calls WHERE project_id = $1) + (SELECT count(*) FROM run_spans WHERE project_id = $1) AS n',
    [project.id],
  );
  if (counted[0].n !== rows) throw new Error(`baseline stored ${counted[0].n} of ${rows} rows`);
  return rows / seconds;
}

async function main(): Promise<void> {
  const flags = parseFlags();
  let scratch: string | undefined;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let serverUrl = process.env.DATABASE_URL;
  let postgresLabel = 'PostgreSQL from DATABASE_URL';
  if (!serverUrl) {
    scratch = mkdtempSync(join(tmpdir(), 'toolscope-bench-'));
    chmodSync(scratch, 0o755);
    log('starting an embedded Postgres…');
    const embedded = await startEmbeddedPostgres({ dir: scratch, port: await freePort() });
    serverUrl = embedded.url;
    stopEmbedded = () => embedded.stop();
    postgresLabel = 'embedded PostgreSQL 18 (embedded-postgres)';
  }
  const databaseName = `toolscope_bench_ingest_${Date.now()}`;
  await ensureDatabase(adminUrlOf(serverUrl), databaseName);
  const url = withDatabase(serverUrl, databaseName);
  const db = openDatabase(url, { max: flags.concurrency + 2 });
  await applyMigrations(db.pool);
  const { rows: version } = await db.pool.query('SHOW server_version');

  log(`building ${flags.requests} requests of ~${flags.spans} spans…`);
  const { bodies, toolSpans, allSpans } = await buildBodies(flags.requests, flags.spans);
  const batches: BaselineBatch[] = bodies.map((body) => {
    const { records } = normalizeRequest(decodeTraceRequest(body, 'protobuf'), { maxPayloadChars: 16_384 });
    return {
      toolCalls: records.filter((r): r is ToolCallRecord => r.kind === 'tool'),
      runSpans: records.filter((r): r is RunSpanRecord => r.kind !== 'tool'),
    };
  });

  // First, so its first start creates the `default` project and prints the ingest key.
  log('starting the collector (toolscope start --no-dashboard)…');
  const port = await freePort();
  const collector = spawnCli(['start', '--no-dashboard'], {
    DATABASE_URL: url,
    TOOLSCOPE_COLLECTOR_PORT: String(port),
    TOOLSCOPE_HOST: '127.0.0.1',
    TOOLSCOPE_LOG_LEVEL: 'error',
  });
  await collector.waitFor('Press Ctrl-C to stop.', 120_000);
  const ingestKey = /TOOLSCOPE_API_KEY=(\S+)/.exec(collector.output())?.[1];
  if (!ingestKey) throw new Error(`no ingest key in the collector's output:\n${collector.output()}`);

  log('baseline 1/2: raw batched INSERT of the same rows…');
  const baselineA = await baselineInsert(db, batches, flags.concurrency);

  log(`ingest: ${flags.requests} requests from ${flags.concurrency} concurrent clients…`);
  const cpuBefore = await cpuSeconds(collector.child.pid!);
  const started = performance.now();
  const latencies = await runConcurrently(bodies.length, flags.concurrency, async (i) => {
    const response = await fetch(`http://127.0.0.1:${port}/v1/traces`, {
      method: 'POST',
      body: new Uint8Array(bodies[i]!),
      headers: { 'content-type': 'application/x-protobuf', authorization: `Bearer ${ingestKey}` },
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`collector answered ${response.status}`);
  });
  const ingestSeconds = (performance.now() - started) / 1000;
  const cpuAfter = await cpuSeconds(collector.child.pid!);
  const collectorCpu = cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / ingestSeconds : null;
  const rss = await peakRssMiB(collector.child.pid!);
  const { rows: stored } = await db.pool.query(
    "SELECT count(*) AS n FROM tool_calls t JOIN projects p ON p.id = t.project_id WHERE p.name = 'default'",
  );
  await collector.stop('SIGINT');
  if (stored[0].n !== toolSpans) throw new Error(`the collector committed ${stored[0].n} of ${toolSpans} tool calls`);

  log('baseline 2/2…');
  const baselineB = await baselineInsert(db, batches, flags.concurrency);
  await db.close();
  await stopEmbedded?.();
  if (scratch) rmSync(scratch, { recursive: true, force: true });

  const baseline = (baselineA + baselineB) / 2;
  // Like for like: every span ingest stores (tool calls, agent and model spans)
  // against the same rows inserted raw.
  const ingestRate = allSpans / ingestSeconds;
  const ratio = ingestRate / baseline;
  const table = [
    '| measure | value |',
    '|---|---|',
    `| requests × spans | ${flags.requests} × ~${flags.spans} (${formatNumber(allSpans)} spans, of which ${formatNumber(toolSpans)} tool calls) |`,
    `| concurrent clients | ${flags.concurrency} |`,
    `| collector ingest | **${formatNumber(ingestRate)} spans/s** stored (${formatNumber(toolSpans / ingestSeconds)} tool calls/s) |`,
    `| baseline: raw batched INSERT of the same rows into the same tables | ${formatNumber(baseline)} rows/s (runs: ${formatNumber(baselineA)}, ${formatNumber(baselineB)}) |`,
    `| ratio ingest / baseline | **${formatNumber(ratio * 100, 1)} %** |`,
    `| request latency p50 / p99 | ${formatNumber(percentile(latencies, 0.5), 1)} ms / ${formatNumber(percentile(latencies, 0.99), 1)} ms |`,
    `| collector peak RSS | ${rss === null ? 'n/a' : `${formatNumber(rss, 1)} MiB`} |`,
    `| collector CPU during ingest | ${collectorCpu === null ? 'n/a' : `${formatNumber(collectorCpu * 100, 0)} % of one core`} |`,
    `| rows committed / sent | ${formatNumber(stored[0].n)} / ${formatNumber(toolSpans)} |`,
  ].join('\n');
  console.log(table);

  if (!flags['no-write']) {
    writeBenchmarkSection(
      'Ingest',
      `Measured ${new Date().toISOString().slice(0, 10)} on ${postgresLabel} ${version[0].server_version}.

Realistic OTLP protobuf batches (agent runs: one \`invoke_agent\` span, a model turn, 8–12 tool calls with arguments and results, ~12% failures, ~5% retries), serialised by the official OpenTelemetry protobuf serializer, posted by concurrent clients to a real collector process (\`toolscope start --no-dashboard\`). Each request is decoded, normalised and stored in one transaction (tool calls, run spans, runs, ancestor resolution, rollup deltas), and the deltas are folded into the rollups, before the 200. The baseline inserts the same rows (every tool call, agent span and model span ingest stores for a request) into the same tables with the same raw batched \`INSERT … SELECT FROM json_to_recordset(…)\` ingest uses, one transaction per request, same concurrency, no HTTP, decoding, normalisation, runs or rollups; it runs before and after ingest and the two are averaged. The ratio compares spans stored per second with those rows per second.

${table}

Reproduce: \`npm run bench:ingest\` (options: \`-- --requests 400 --spans 512 --concurrency 4\`; set \`DATABASE_URL\` to measure another Postgres).`,
    );
    log('wrote the Ingest section of docs/benchmarks.md');
  }
}

await main();
