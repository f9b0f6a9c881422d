/**
 * Times every read model for a 24-hour and a 30-day window over the data of
 * `generate.ts`, against the naive aggregate over raw rows in the same run,
 * prints a table and writes the `## Query read models` section of
 * docs/benchmarks.md.
 *
 *   npx tsx test/bench/queries/generate.ts   # once: 10M calls (~5-10 min here)
 *   npx tsx test/bench/queries/run.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { openDatabase, type Database } from '../../../collector/db/client.ts';
import {
  chooseBucketSeconds,
  getErrorTaxonomy,
  getOverview,
  getRetriesAndRefusals,
  getRun,
  getToolDetail,
  listIncidents,
  listRuns,
  listTools,
} from '../../../collector/queries/index.ts';
import { writeBenchmarkSection } from '../support/report.ts';
import { BENCH_PROJECT, benchDatabaseUrl, GENERATION_REPORT } from './database.ts';
import { naiveOverview, naiveToolDetail, naiveTools } from './naive.ts';

const REPEATS = 3;
const loadAtStart = loadavg()[0]!.toFixed(1);
const db: Database = openDatabase(benchDatabaseUrl(), { max: 8 });

/** Queries slower than this are timed once (their first run), to keep the benchmark's own run time sane. */
const SLOW_MS = 5_000;

async function median(work: () => Promise<unknown>): Promise<number> {
  const first = performance.now();
  await work(); // warm the cache and the plan
  const firstMs = performance.now() - first;
  if (firstMs > SLOW_MS) return firstMs;
  const times: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(REPEATS / 2)]!;
}

const project = await db.prisma.project.findUnique({ where: { name: BENCH_PROJECT } });
if (!project) throw new Error('no bench data: run `npx tsx test/bench/queries/generate.ts` first');
const projectId = project.id;
const { rows: extent } = await db.pool.query(
  `SELECT count(*)::float8 AS calls, max(started_at) AS last, min(started_at) AS first FROM tool_calls WHERE project_id = $1`,
  [projectId],
);
const { calls: totalCalls, last } = extent[0] as { calls: number; last: Date; first: Date };
const to = new Date(Math.ceil(last.getTime() / 60_000) * 60_000);
const windows = [
  { label: '24 h', from: new Date(to.getTime() - 86_400_000), to },
  { label: '30 d', from: new Date(to.getTime() - 30 * 86_400_000), to },
];
const { rows: sampleRun } = await db.pool.query(
  `SELECT trace_id FROM incidents WHERE project_id = $1 ORDER BY started_at DESC LIMIT 1`,
  [projectId],
);

interface Row {
  model: string;
  window: string;
  readModelMs: number;
  naiveMs: number | null;
}
const results: Row[] = [];

for (const w of windows) {
  const base = { projectId, from: w.from, to: w.to };
  const bucket = chooseBucketSeconds(w.from, w.to);
  const measure = async (model: string, readModel: () => Promise<unknown>, naive?: () => Promise<unknown>) => {
    const readModelMs = await median(readModel);
    const naiveMs = naive ? await median(naive) : null;
    results.push({ model, window: w.label, readModelMs, naiveMs });
    console.log(`${model.padEnd(34)} ${w.label}  ${readModelMs.toFixed(1).padStart(9)} ms  ${naiveMs === null ? '' : `naive ${naiveMs.toFixed(1)} ms`}`);
  };
  // Consistency: the rollups must count what the raw rows count.
  const overview = await getOverview(db, base);
  const raw = await naiveOverview(db, base, bucket);
  if (overview.totals.calls !== raw) throw new Error(`rollups (${overview.totals.calls}) disagree with raw rows (${raw}) for ${w.label}`);

  await measure('overview', () => getOverview(db, base), () => naiveOverview(db, base, bucket));
  await measure('overview, agent filter', () => getOverview(db, { ...base, agent: 'coder' }), () => naiveOverview(db, { ...base, agent: 'coder' }, bucket));
  await measure('tools list', () => listTools(db, base), () => naiveTools(db, base));
  await measure(
    'tool detail (read_file)',
    () => getToolDetail(db, { ...base, tool: 'read_file' }),
    () => naiveToolDetail(db, { ...base, tool: 'read_file' }, bucket),
  );
  await measure('error taxonomy', () => getErrorTaxonomy(db, base));
  await measure('retries and refusals', () => getRetriesAndRefusals(db, base));
  await measure('incidents (first page)', () => listIncidents(db, base));
  await measure('runs (first page)', () => listRuns(db, base));
  await measure('runs, tool filter (first page)', () => listRuns(db, { ...base, tool: 'run_simulation' }));
  if (sampleRun[0]) await measure('run detail', () => getRun(db, { projectId, traceId: sampleRun[0].trace_id }));
}

const sizes: { relname: string; rows: number }[] = [];
for (const table of ['tool_calls', 'run_spans', 'runs', 'incidents', 'tool_call_rollups', 'tool_call_rollups_hourly', 'model_turn_rollups']) {
  const { rows } = await db.pool.query(`SELECT count(*)::float8 AS n FROM ${table} WHERE project_id = $1`, [projectId]);
  sizes.push({ relname: table, rows: rows[0].n });
}
const { rows: version } = await db.pool.query('SHOW server_version');
const loadAtEnd = loadavg()[0]!.toFixed(1);
await db.close();

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(1) : Math.round(ms).toLocaleString('en-US'));
const table = [
  '| read model | window | read model (ms) | naive over raw rows (ms) | naive / read model |',
  '|---|---|---:|---:|---:|',
  ...results.map(
    (r) =>
      `| ${r.model} | ${r.window} | ${fmt(r.readModelMs)} | ${r.naiveMs === null ? '–' : fmt(r.naiveMs)} | ${r.naiveMs === null ? '–' : `${(r.naiveMs / r.readModelMs).toFixed(1)}×`} |`,
  ),
].join('\n');
console.log(`\n${table}\n`);

const generation = existsSync(GENERATION_REPORT)
  ? (JSON.parse(readFileSync(GENERATION_REPORT, 'utf8')) as { date: string; calls: number; steps: { label: string; seconds: number }[]; note?: string })
  : null;
const generationText = generation
  ? `Generating ${generation.calls.toLocaleString('en-US')} calls (${generation.date.slice(0, 10)}, same machine): ${generation.steps
      .map((s) => `${s.label} ${s.seconds} s`)
      .join('; ')}.${generation.note ? ` ${generation.note}` : ''}`
  : '';

writeBenchmarkSection(
  'Query read models',
  `Measured ${new Date().toISOString().slice(0, 10)} by \`test/bench/queries/run.ts\` on PostgreSQL ${version[0].server_version}
(the machine's local server, shared with the other work on this machine: 1-minute load average ${loadAtStart} at
the start, ${loadAtEnd} at the end), median of ${REPEATS} warm
runs after one warm-up (queries over ${SLOW_MS / 1000} s: their single first run), each read model called the way the
dashboard calls it (\`collector/queries\`).

**Data** (\`test/bench/queries/generate.ts\`): ${totalCalls.toLocaleString('en-US')} tool calls over 30 days in one
project, 10 calls per run; 12 tools with their own failure rates (1-12%), error types and message shapes; 4 agents,
3 models; 3% retries, 0.3% refusals, 1 in 50 runs with a same-tool loop (incidents found by the real analysis worker);
an agent span and two model turns per run (1% refusing). Rows (exact): ${sizes.map((s) => `${s.relname} ${Number(s.rows).toLocaleString('en-US')}`).join(', ')}.
Rollups are computed from the raw rows with ingest's rules, and the run checks that both count the same calls.
${generationText}

**Naive** is the same screen answered by aggregating the raw \`tool_calls\` of the window (exact percentiles),
in the same run. Screens that need individual rows (error messages, runs, incidents) have no rollup to compare with
and read raw rows through indexes either way. The slowest of those is the 30-day error taxonomy: it groups every
failure of the range by message and tool (the covering failures index makes the scan index-only; hash-grouping
the rows is the rest of the time). An hourly rollup of message templates would bring it to rollup speed; it is not
built yet.

${table}

Reproduce: \`npx tsx test/bench/queries/generate.ts\` (writes database \`toolscope_bench\` on the server of
\`DATABASE_URL\`, default \`postgresql://postgres@127.0.0.1:5432\`; \`--calls N\` for a smaller set), then
\`npx tsx test/bench/queries/run.ts\`.`,
);
