/**
 * Ingest benchmark: OTLP protobuf batches of realistic tool spans from
 * concurrent clients into a real collector process, counting committed rows;
 * in the same run, the raw batched INSERT of the same rows into the same table
 * (no HTTP, no decoding, no rollups) as the baseline.
 *
 *   npm run bench:ingest -- [--requests 400] [--spans 512] [--concurrency 4] [--rounds 5] [--no-write]
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
  rounds: z.coerce.number().int().min(1).max(20).default(5),
  'no-write': z.boolean().default(false),
});

function parseFlags() {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string' },
      spans: { type: 'string' },
      concurrency: { type: 'string' },
      rounds: { type: 'string' },
      'no-write': { type: 'boolean' },
    },
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

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
/** Null when any part is null (a party whose CPU could not be read). */
const sumAll = (values: Array<number | null>) => (values.some((v) => v === null) ? null : sum(values as number[]));

interface IngestPhase {
  seconds: number;
  latencies: number[];
  cpu: PhaseCpu;
  /** Seconds the run analysis needed after the last request to catch up. */
  catchUpSeconds: number;
}

interface RoundResult {
  allSpans: number;
  toolSpans: number;
  ingest: IngestPhase;
  ingestRate: number;
  baselineRate: number;
  baselineCpu: PhaseCpu;
  ratio: number;
}

/**
 * Waits until the collector has finished the work a round of ingest left
 * behind (runs to analyse, deltas to fold), then vacuums and checkpoints, so
 * the next phase starts on a quiet machine and tables in the same state
 * instead of paying for the previous phase. Returns how long the analysis
 * took to catch up, in seconds.
 */
async function quiesce(db: Database): Promise<number> {
  const started = performance.now();
  for (;;) {
    const { rows } = await db.pool.query<{ pending: number; deltas: number }>(
      `SELECT (SELECT count(*) FROM runs WHERE analyzed_at IS NULL OR analyzed_at < last_span_at)::int AS pending,
              (SELECT count(*) FROM tool_call_rollup_deltas)::int AS deltas`,
    );
    if (rows[0]!.pending === 0 && rows[0]!.deltas === 0) break;
    if (performance.now() - started > 600_000) throw new Error(`the collector did not catch up in 10 minutes (${rows[0]!.pending} runs to analyse)`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const caughtUp = (performance.now() - started) / 1000;
  await db.pool.query('VACUUM (ANALYZE) tool_calls, run_spans, runs');
  // Needs superuser or pg_checkpoint, which a DATABASE_URL role may lack: then the phases share checkpoints.
  await db.pool.query('CHECKPOINT').catch(() => {});
  return caughtUp;
}

/** Each request's rows as ingest stores them, for the baseline to insert raw. */
function baselineBatchesOf(bodies: readonly Buffer[]): BaselineBatch[] {
  return bodies.map((body) => {
    const { records } = normalizeRequest(decodeTraceRequest(body, 'protobuf'), { maxPayloadChars: 16_384 });
    // As ingest stores them: agent, model and session filled in from the request's own spans.
    resolveWithinBatch(records);
    return {
      toolCalls: records.filter((r): r is ToolCallRecord => r.kind === 'tool'),
      runSpans: records.filter((r): r is RunSpanRecord => r.kind !== 'tool'),
    };
  });
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
  const agent = new Agent({ keepAlive: true, maxSockets: flags.concurrency });

  await quiesce(db);
  const rounds: RoundResult[] = [];
  for (let round = 1; round <= flags.rounds; round++) {
    log(`round ${round}/${flags.rounds}: building ${flags.requests} requests of ~${flags.spans} spans…`);
    // New bodies each round (the tracer makes new trace ids), so ingest never sees a re-send.
    const { bodies, toolSpans, allSpans } = await buildBodies(flags.requests, flags.spans, 7 + round);
    const batches = baselineBatchesOf(bodies);
    const ingest = async (): Promise<IngestPhase> => {
      log(`  ingest: ${flags.requests} requests from ${flags.concurrency} concurrent clients…`);
      const started = performance.now();
      const [latencies, cpu] = await meteredCpu(postmasterPid, collector.child.pid!, () =>
        runConcurrently(bodies.length, flags.concurrency, async (i) => {
          const status = await postOtlp(agent, port, bodies[i]!, ingestKey);
          if (status !== 200) throw new Error(`collector answered ${status}`);
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      log('  waiting for the collector to analyse the new runs…');
      return { seconds, latencies, cpu, catchUpSeconds: await quiesce(db) };
    };
    const baseline = async () => {
      log('  baseline: raw batched INSERT of the same rows…');
      const result = await meteredCpu(postmasterPid, null, () => baselineInsert(db, batches, flags.concurrency));
      await quiesce(db);
      return result;
    };
    // Alternate the order, so neither side always meets the bigger tables.
    let ingestPhase: IngestPhase;
    let baselinePhase: [number, PhaseCpu];
    if (round % 2 === 1) {
      baselinePhase = await baseline();
      ingestPhase = await ingest();
    } else {
      ingestPhase = await ingest();
      baselinePhase = await baseline();
    }
    const ingestRate = allSpans / ingestPhase.seconds;
    rounds.push({ allSpans, toolSpans, ingest: ingestPhase, ingestRate, baselineRate: baselinePhase[0], baselineCpu: baselinePhase[1], ratio: ingestRate / baselinePhase[0] });
    log(`  round ${round}: ingest ${formatNumber(ingestRate)} spans/s, baseline ${formatNumber(baselinePhase[0])} rows/s, ratio ${formatNumber((ingestRate / baselinePhase[0]) * 100, 1)} %`);
  }
  agent.destroy();

  const rss = await peakRssMiB(collector.child.pid!);
  const { rows: stored } = await db.pool.query(
    `SELECT (SELECT count(*) FROM tool_calls t JOIN projects p ON p.id = t.project_id WHERE p.name = 'default')::int AS n,
            (SELECT count(*) FROM runs r JOIN projects p ON p.id = r.project_id WHERE p.name = 'default')::int AS runs`,
  );
  await collector.stop('SIGINT');
  const toolSpans = sum(rounds.map((r) => r.toolSpans));
  if (stored[0].n !== toolSpans) throw new Error(`the collector committed ${stored[0].n} of ${toolSpans} tool calls`);
  await db.close();
  // The benchmark's database held ~1 GB; on an external server it goes, like the embedded one's folder.
  if (!stopEmbedded) await dropDatabase(adminUrlOf(serverUrl), databaseName);
  await stopEmbedded?.();
  if (scratch) rmSync(scratch, { recursive: true, force: true });

  const allSpans = sum(rounds.map((r) => r.allSpans));
  const latencies = rounds.flatMap((r) => r.ingest.latencies).sort((a, b) => a - b);
  const ingestSeconds = sum(rounds.map((r) => r.ingest.seconds));
  const collectorSeconds = sumAll(rounds.map((r) => r.ingest.cpu.collector));
  const medianRound = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)]!;
  const list = (values: number[], digits = 0, unit = '') => values.map((v) => `${formatNumber(v, digits)}${unit}`).join(', ');
  const table = [
    '| measure | value |',
    '|---|---|',
    `| rounds × requests × spans | ${flags.rounds} × ${flags.requests} × ~${flags.spans} (${formatNumber(allSpans)} spans, of which ${formatNumber(toolSpans)} tool calls) |`,
    `| concurrent clients | ${flags.concurrency} |`,
    `| ratio ingest / baseline, median round | **${formatNumber(medianRound.ratio * 100, 1)} %** (rounds: ${list(rounds.map((r) => r.ratio * 100), 1, ' %')}) |`,
    `| collector ingest, spans stored per second | **${formatNumber(medianRound.ingestRate)}** in the median round (rounds: ${list(rounds.map((r) => r.ingestRate))}) |`,
    `| baseline: raw batched INSERT of the same rows into the same tables, rows per second | ${formatNumber(medianRound.baselineRate)} in the median round (rounds: ${list(rounds.map((r) => r.baselineRate))}) |`,
    `| request latency p50 / p99 | ${formatNumber(percentile(latencies, 0.5), 1)} ms / ${formatNumber(percentile(latencies, 0.99), 1)} ms |`,
    `| run analysis catching up after each round's last request | ${list(rounds.map((r) => r.ingest.catchUpSeconds), 1, ' s')} (${formatNumber(stored[0].runs / flags.rounds)} runs a round) |`,
    `| collector peak RSS | ${rss === null ? 'n/a' : `${formatNumber(rss, 1)} MiB`} |`,
    `| collector CPU during ingest | ${collectorSeconds === null ? 'n/a' : `${formatNumber((collectorSeconds / ingestSeconds) * 100, 0)} % of one core`} |`,
    `| CPU per 10k spans, ingest (core-seconds) | Postgres ${perTenThousand(sumAll(rounds.map((r) => r.ingest.cpu.postgres)), allSpans)}, collector ${perTenThousand(collectorSeconds, allSpans)}, clients ${perTenThousand(sum(rounds.map((r) => r.ingest.cpu.client)), allSpans)} |`,
    `| CPU per 10k rows, baseline (core-seconds) | Postgres ${perTenThousand(sumAll(rounds.map((r) => r.baselineCpu.postgres)), allSpans)}, client ${perTenThousand(sum(rounds.map((r) => r.baselineCpu.client)), allSpans)} |`,
    `| rows committed / sent | ${formatNumber(stored[0].n)} / ${formatNumber(toolSpans)} |`,
  ].join('\n');
  console.log(table);

  if (!flags['no-write']) {
    writeBenchmarkSection(
      'Ingest',
      `Measured ${new Date().toISOString().slice(0, 10)} on ${postgresLabel} ${version[0].server_version}.

Realistic OTLP protobuf batches (agent runs: one \`invoke_agent\` span, a model turn, 8–12 tool calls with arguments and results, ~12% failures, ~5% retries), serialised by the official OpenTelemetry protobuf serializer, posted by concurrent clients the way the official OTLP exporters post in Node (\`node:http\`, keep-alive) to a real collector process (\`toolscope start --no-dashboard\`, background workers running). Each request is decoded, normalised and stored in one transaction (tool calls, run spans, runs, ancestor resolution, rollup deltas) before the 200; the collector folds the deltas into the rollups once a second. The baseline inserts the same rows (every tool call, agent span and model span ingest stores for a request, agent, model and session resolved) into the same tables with the same raw batched \`INSERT … SELECT FROM json_to_recordset(…)\` ingest uses, one transaction per request, same concurrency, no HTTP, decoding, normalisation, runs or rollups. Each round builds new requests and runs both, alternating which goes first; the ratio compares spans stored per second with those rows per second in the same round, and the table gives the median round. CPU is read from /proc for each party during each phase (Postgres: the postmaster and its backends).

${table}

Reproduce: \`npm run bench:ingest\` (options: \`-- --requests 400 --spans 512 --concurrency 4 --rounds 5\`; set \`DATABASE_URL\` to measure another Postgres).`,
    );
    log('wrote the Ingest section of docs/benchmarks.md');
  }
}

await main();
