/**
 * Generates the query benchmark's data set into a dedicated database: by
 * default 10 million tool calls (1 million runs of 10 calls) over the last 30
 * days, with a realistic mix of tools, agents, models, errors, retries,
 * refusals and loops; run spans (an agent span and two model turns per run);
 * runs; rollups computed from the raw rows with ingest's rules; and loop
 * incidents found by the real analysis worker.
 *
 *   npx tsx test/bench/queries/generate.ts [--calls 10000000]
 *
 * Database: $BENCH_DATABASE_URL, else database `toolscope_bench` on the server
 * of $DATABASE_URL, else on postgresql://postgres@127.0.0.1:5432. Everything
 * is written with INSERT … SELECT generate_series (no rows cross the wire).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startAnalysisWorker } from '../../../collector/analysis/worker.ts';
import { openDatabase } from '../../../collector/db/client.ts';
import { ensureDatabase } from '../../../collector/db/embedded-postgres.ts';
import { applyMigrations } from '../../../collector/db/migrate.ts';
import { foldRollupDeltas } from '../../../collector/ingest/fold-rollups.ts';
import { adminUrlOf } from '../../support/database-url.ts';
import { rollupsFromRawSql } from '../../support/rollups-from-raw.ts';
import { benchDatabaseUrl, BENCH_PROJECT, GENERATION_REPORT } from './database.ts';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '10000000' } } });
const CALLS_PER_RUN = 10;
const totalCalls = Number(values.calls);
const totalRuns = Math.ceil(totalCalls / CALLS_PER_RUN);
const CHUNK_RUNS = 100_000;

const url = benchDatabaseUrl();
await ensureDatabase(adminUrlOf(url), new URL(url).pathname.slice(1));
const db = openDatabase(url, { max: 4 });

const steps: { label: string; seconds: number }[] = [];

async function step<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  steps.push({ label, seconds: Math.round(seconds * 10) / 10 });
  console.log(`${label.padEnd(48)} ${seconds.toFixed(1).padStart(7)} s`);
  return result;
}

/**
 * Tools: name, failure rate, the error most of its failures have, a message
 * with a varying part (so templates have work to do), and a typical latency.
 */
const TOOLS = `(VALUES
  (0, 'read_file',          0.08, 'execution', 'not_found',         'File not found: src/module', '.ts',            40),
  (1, 'write_file',         0.03, 'execution', 'permission_denied', 'Permission denied: /var/app/out', '.log',     60),
  (2, 'search_files',       0.02, 'arguments', 'schema_violation',  'limit must be <= 100, got ', '',             120),
  (3, 'run_shell',          0.12, 'execution', 'timeout',           'command timed out after ', ' ms',           900),
  (4, 'fetch_url',          0.10, 'execution', 'rate_limited',      'GET https://api.example.com/v1/items/', ' returned 429', 350),
  (5, 'db_query',           0.04, 'execution', 'upstream_error',    'connection reset by peer (pid ', ')',        80),
  (6, 'send_email',         0.05, 'arguments', 'invalid_json',      'Unexpected token } in JSON at position ', '', 200),
  (7, 'create_ticket',      0.03, 'selection', 'unknown_tool',      'unknown tool "create_tiket" (call ', ')',    30),
  (8, 'generate_testbench', 0.06, 'execution', 'invalid_state',     'module counter_', ' has no ports',          1500),
  (9, 'run_simulation',     0.09, 'execution', 'unknown',           'SimulationError: assertion failed at cycle ', '', 4000),
  (10, 'list_directory',    0.01, 'execution', 'not_found',         'No such directory: src/pkg', '/',             15),
  (11, 'grep',              0.02, 'arguments', 'unsafe_argument',   'path traversal in ../../etc/', '',            25)
) AS tool(idx, name, fail_rate, category, type, prefix, suffix, base_ms)`;

const AGENTS = `ARRAY['coder', 'reviewer', 'researcher', 'support']`;
const MODELS = `ARRAY['gpt-5', 'claude-sonnet-5', 'gemini-3']`;

/** One INSERT per chunk of runs: 10 calls per run, drawn per call. */
function toolCallsSql(): string {
  return `
    INSERT INTO tool_calls (project_id, trace_id, span_id, parent_span_id, name, tool_name, started_at, ended_at, duration_ms,
      outcome, error_category, error_type, error_message, arguments, agent_name, model_name, source, attempt, retry_reason, details)
    SELECT $1::uuid, c.trace_id, c.span_id, c.root_id, 'execute_tool ' || tool.name, tool.name,
           c.started_at, c.started_at + make_interval(secs => c.duration_ms / 1000), c.duration_ms,
           CASE WHEN c.failed THEN 'failure' ELSE 'success' END,
           CASE WHEN NOT c.failed THEN NULL WHEN c.refusal THEN 'protocol' WHEN c.timeout THEN 'execution' ELSE tool.category END,
           CASE WHEN NOT c.failed THEN NULL WHEN c.refusal THEN 'refusal' WHEN c.timeout THEN 'timeout' ELSE tool.type END,
           CASE WHEN NOT c.failed THEN NULL
                WHEN c.refusal THEN 'I can''t help with that request'
                WHEN c.timeout THEN 'timed out after ' || (1000 + c.n % 9000) || ' ms'
                ELSE tool.prefix || c.n || tool.suffix END,
           '{"path":"src/module' || c.n || '.ts","limit":' || (c.n % 100) || '}',
           c.agent, c.model, 'toolscope',
           CASE WHEN c.retry THEN 2 ELSE 1 END,
           CASE WHEN c.retry THEN (ARRAY['execution/timeout', 'execution/rate_limited', 'execution/upstream_error'])[1 + c.n % 3] END,
           CASE WHEN c.failed AND NOT c.refusal THEN '{"suggestions":["check the arguments and try again"]}'::jsonb ELSE '{}'::jsonb END
      FROM (
        SELECT r.trace_id, r.root_id, r.agent, r.model,
               substr(md5(r.run || ':' || i), 1, 16) AS span_id,
               r.started_at + make_interval(secs => i * 2) AS started_at,
               -- Loop runs (1 in 50) call one tool seven times in a row; other calls pick from the agent's six tools.
               CASE WHEN r.run % 50 = 0 AND i < 7 THEN (r.agent_idx * 3 + r.run % 6) % 12
                    ELSE (r.agent_idx * 3 + floor(random() * 6)::int) % 12 END AS tool_idx,
               random() AS roll, random() < 0.003 AS refusal, random() < 0.3 AS timeout, random() < 0.03 AS retry,
               floor(random() * 2000)::int AS n, random() AS latency_roll
          FROM (
            SELECT run, md5('bench-trace-' || run) AS trace_id, substr(md5('bench-root-' || run), 1, 16) AS root_id,
                   (run % 4) AS agent_idx, (${AGENTS})[1 + run % 4] AS agent,
                   (${MODELS})[1 + (run % 4 + (run / 7) % 2) % 3] AS model,
                   $2::timestamptz + make_interval(secs => run * $3::float8 + random() * 60) AS started_at
              FROM generate_series($4::int, $5::int) AS run
          ) r
          CROSS JOIN generate_series(0, ${CALLS_PER_RUN - 1}) AS i
      ) c0
      CROSS JOIN LATERAL (
        SELECT c0.*, (c0.roll < tool.fail_rate OR c0.refusal) AS failed,
               -- Log-normal-ish latency around the tool's typical time, 1% very slow.
               tool.base_ms * exp(c0.latency_roll * 2.5 - 1.0) * CASE WHEN c0.n % 100 = 0 THEN 20 ELSE 1 END AS duration_ms
          FROM ${TOOLS} WHERE tool.idx = c0.tool_idx
      ) c
      JOIN ${TOOLS} ON tool.idx = c.tool_idx`;
}

const { id: projectId } = await step('project and schema', async () => {
  await applyMigrations(db.pool);
  await db.pool.query('DELETE FROM projects WHERE name = $1', [BENCH_PROJECT]);
  for (const table of ['tool_calls', 'run_spans', 'runs', 'tool_call_rollups', 'tool_call_rollups_hourly', 'model_turn_rollups', 'model_turn_rollup_deltas', 'tool_call_rollup_deltas', 'incidents']) {
    await db.pool.query(`TRUNCATE ${table}`);
  }
  return db.prisma.project.create({ data: { name: BENCH_PROJECT, retentionDays: 400 } });
});

const end = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const start = new Date(end.getTime() - 30 * 86_400_000);
const secondsPerRun = (30 * 86_400 - 60) / totalRuns;

// Secondary indexes are built once after loading: far faster than maintaining them row by row.
const { rows: indexRows } = await db.pool.query<{ indexname: string; indexdef: string }>(
  `SELECT indexname, indexdef FROM pg_indexes
    WHERE tablename IN ('tool_calls', 'run_spans', 'runs') AND indexname NOT LIKE '%_pkey'`,
);
for (const index of indexRows) await db.pool.query(`DROP INDEX IF EXISTS "${index.indexname}"`);

await step(`tool calls (${totalCalls.toLocaleString('en')})`, async () => {
  await db.pool.query('SELECT setseed(0.42)');
  for (let first = 0; first < totalRuns; first += CHUNK_RUNS) {
    const last = Math.min(totalRuns, first + CHUNK_RUNS) - 1;
    await db.pool.query(toolCallsSql(), [projectId, start, secondsPerRun, first, last]);
    process.stdout.write(`  ${((last + 1) * CALLS_PER_RUN).toLocaleString('en')} calls\r`);
  }
});

await step('run spans (agent + 2 model turns per run)', () =>
  db.pool.query(
    `INSERT INTO run_spans (project_id, trace_id, span_id, parent_span_id, kind, name, started_at, ended_at, duration_ms,
       status, error_category, error_type, agent_name, model_name, source, attributes)
     SELECT $1::uuid, r.trace_id, CASE WHEN k = 0 THEN r.root_id ELSE substr(md5(r.run || ':m' || k), 1, 16) END,
            CASE WHEN k = 0 THEN NULL ELSE r.root_id END,
            CASE WHEN k = 0 THEN 'agent' ELSE 'model' END,
            CASE WHEN k = 0 THEN 'invoke_agent ' || r.agent ELSE 'chat ' || r.model END,
            r.started_at - interval '1 second' + make_interval(secs => k * 9),
            r.started_at + CASE WHEN k = 0 THEN interval '25 seconds' ELSE make_interval(secs => k * 9 + 1.5) END,
            CASE WHEN k = 0 THEN 26000 ELSE 1500 END,
            CASE WHEN k > 0 AND r.refused THEN 'error' ELSE 'ok' END,
            CASE WHEN k > 0 AND r.refused THEN 'protocol' END, CASE WHEN k > 0 AND r.refused THEN 'refusal' END,
            r.agent, r.model, 'toolscope', '{}'::jsonb
       FROM (SELECT t.trace_id, t.parent_span_id AS root_id, min(t.agent_name) AS agent, min(t.model_name) AS model,
                    min(t.started_at) AS started_at, hashtext(t.trace_id) AS run, random() < 0.01 AS refused
               FROM tool_calls t WHERE t.project_id = $1::uuid GROUP BY t.trace_id, t.parent_span_id) r
      CROSS JOIN generate_series(0, 2) AS k`,
    [projectId],
  ),
);

await step('fold model-turn rollup deltas', () => foldRollupDeltas(db.pool));

await step('runs', () =>
  db.pool.query(
    `INSERT INTO runs (project_id, trace_id, agent_name, session_id, started_at, ended_at, tool_calls, failures, root_ended,
                       last_span_at, analyzed_at)
     SELECT $1::uuid, t.trace_id, min(t.agent_name), NULL, min(t.started_at) - interval '1 second', max(t.ended_at),
            count(*), count(*) FILTER (WHERE t.outcome = 'failure'), true, now(),
            -- Loop runs are left for the real analysis worker; the rest count as analysed.
            CASE WHEN bool_or(t.trace_id IN (SELECT md5('bench-trace-' || g) FROM generate_series(0, $2::int, 50) g)) THEN NULL ELSE now() END
       FROM tool_calls t WHERE t.project_id = $1::uuid GROUP BY t.trace_id`,
    [projectId, totalRuns],
  ),
);

await step('rollups from raw rows', () => db.pool.query(rollupsFromRawSql('t.project_id = $1::uuid'), [projectId]));

await step('secondary indexes', async () => {
  for (const index of indexRows) await db.pool.query(index.indexdef);
});

// Fresh statistics before anything queries: with the stale ones of an empty table the planner
// takes the new project for a rare value and scans its whole started_at index for one trace.
await step('vacuum analyze', async () => {
  for (const table of ['tool_calls', 'run_spans', 'runs', 'tool_call_rollups', 'tool_call_rollups_hourly', 'model_turn_rollups', 'incidents']) {
      await db.pool.query(`VACUUM ANALYZE ${table}`);
    }
});

await step('loop incidents (real analysis worker)', async () => {
  const worker = startAnalysisWorker({ db, intervalMs: 3_600_000, commitMarginMs: 0, batchSize: 500 });
  while ((await worker.runOnce()) > 0);
  await worker.stop();
});

const { rows: sizes } = await db.pool.query(
  `SELECT relname, n_live_tup::bigint AS rows, pg_size_pretty(pg_total_relation_size(relid)) AS size
     FROM pg_stat_user_tables WHERE relname IN ('tool_calls', 'run_spans', 'runs', 'tool_call_rollups', 'incidents') ORDER BY relname`,
);
console.table(sizes);
// The runner quotes these in docs/benchmarks.md.
writeFileSync(GENERATION_REPORT, `${JSON.stringify({ date: new Date().toISOString(), calls: totalCalls, steps }, null, 2)}\n`);
await db.close();
