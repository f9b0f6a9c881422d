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
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { openDatabase, type Database } from '../../../collector/db/client.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../../../collector/db/embedded-postgres.ts';
import { applyMigrations } from '../../../collector/db/migrate.ts';
import { insertRunSpans, insertToolCalls } from '../../../collector/ingest/store.ts';
import type { RunSpanRecord, ToolCallRecord } from '../../../collector/ingest/records.ts';
import { resolveWithinBatch } from '../../../collector/ingest/resolve-batch.ts';
import { normalizeRequest } from '../../../collector/normalize/index.ts';
import { decodeTraceRequest } from '../../../collector/otlp/index.ts';
import { spawnCli } from '../../support/cli.ts';
import { freePort } from '../../support/free-port.ts';
import { adminUrlOf, dropDatabase, withDatabase } from '../../support/database-url.ts';
import { cpuSeconds, formatNumber, peakRssMiB, percentile, processTreeCpuSeconds } from '../support/stats.ts';
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

/**
 * One OTLP/HTTP export, sent the way the official OTLP exporters send it in
 * Node (node:http on a keep-alive agent); resolves to the status code.
 */
function postOtlp(agent: Agent, port: number, body: Buffer, apiKey: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        path: '/v1/traces',
        method: 'POST',
        headers: { 'content-type': 'application/x-protobuf', 'content-length': body.length, authorization: `Bearer ${apiKey}` },
      },
      (response) => {
        response.resume(); // the ExportTraceServiceResponse is not needed, only the status
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** CPU seconds each party used during one phase; null where it could not be read (not Linux, remote Postgres). */
interface PhaseCpu {
  postgres: number | null;
  client: number;
  collector: number | null;
}

/**
 * Meters CPU per party around `work`: Postgres (the postmaster and its
 * backends, when the server runs on this machine), this process (the clients)
 * and the collector process when there is one.
 */
async function meteredCpu<T>(postmasterPid: number | null, collectorPid: number | null, work: () => Promise<T>): Promise<[T, PhaseCpu]> {
  const read = async () => ({
    postgres: postmasterPid === null ? null : await processTreeCpuSeconds(postmasterPid),
    client: process.cpuUsage(),
    collector: collectorPid === null ? null : await cpuSeconds(collectorPid),
  });
  const before = await read();
  const result = await work();
  const after = await read();
  const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : b - a);
  const clientMicros = process.cpuUsage(before.client);
  return [
    result,
    { postgres: diff(before.postgres, after.postgres), client: (clientMicros.user + clientMicros.system) / 1e6, collector: diff(before.collector, after.collector) },
  ];
}

/** The server's postmaster, when it is a process on this machine (Linux), else null. */
async function localPostmasterPid(db: Database): Promise<number | null> {
  const { readFile } = await import('node:fs/promises');
  const { rows } = await db.pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  try {
    const status = await readFile(`/proc/${rows[0]!.pid}/status`, 'utf8');
    if (!/^Name:\s+postgres/m.test(status)) return null; // a local process that merely shares the remote backend's pid
    return Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? Number.NaN) || null;
  } catch {
    return null;
  }
}

/** Core-seconds per 10,000 spans, or n/a. */
function perTenThousand(seconds: number | null, spans: number): string {
  return seconds === null ? 'n/a' : formatNumber((seconds / spans) * 10_000, 2);
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

const sumOrNull = (a: number | null, b: number | null) => (a === null || b === null ? null : a + b);

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
    // As ingest stores them: agent, model and session filled in from the request's own spans.
    resolveWithinBatch(records);
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

  const postmasterPid = await localPostmasterPid(db);
  log('baseline 1/2: raw batched INSERT of the same rows…');
  const [baselineA, baselineCpuA] = await meteredCpu(postmasterPid, null, () => baselineInsert(db, batches, flags.concurrency));

  log(`ingest: ${flags.requests} requests from ${flags.concurrency} concurrent clients…`);
  const agent = new Agent({ keepAlive: true, maxSockets: flags.concurrency });
  const started = performance.now();
  const [latencies, ingestCpu] = await meteredCpu(postmasterPid, collector.child.pid!, () => runConcurrently(bodies.length, flags.concurrency, async (i) => {
    const status = await postOtlp(agent, port, bodies[i]!, ingestKey);
    if (status !== 200) throw new Error(`collector answered ${status}`);
  }));
  const ingestSeconds = (performance.now() - started) / 1000;
  agent.destroy();
  const collectorCpu = ingestCpu.collector === null ? null : ingestCpu.collector / ingestSeconds;
  const rss = await peakRssMiB(collector.child.pid!);
  const { rows: stored } = await db.pool.query(
    "SELECT count(*) AS n FROM tool_calls t JOIN projects p ON p.id = t.project_id WHERE p.name = 'default'",
  );
  await collector.stop('SIGINT');
  if (stored[0].n !== toolSpans) throw new Error(`the collector committed ${stored[0].n} of ${toolSpans} tool calls`);

  log('baseline 2/2…');
  const [baselineB, baselineCpuB] = await meteredCpu(postmasterPid, null, () => baselineInsert(db, batches, flags.concurrency));
  await db.close();
  // The benchmark's database held ~1 GB; on an external server it goes, like the embedded one's folder.
  if (!stopEmbedded) await dropDatabase(adminUrlOf(serverUrl), databaseName);
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
    `| CPU per 10k spans, ingest (core-seconds) | Postgres ${perTenThousand(ingestCpu.postgres, allSpans)}, collector ${perTenThousand(ingestCpu.collector, allSpans)}, clients ${perTenThousand(ingestCpu.client, allSpans)} |`,
    `| CPU per 10k rows, baseline (core-seconds) | Postgres ${perTenThousand(sumOrNull(baselineCpuA.postgres, baselineCpuB.postgres), 2 * allSpans)}, client ${perTenThousand(baselineCpuA.client + baselineCpuB.client, 2 * allSpans)} |`,
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
