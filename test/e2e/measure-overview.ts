/**
 * Times the dashboard's overview server response (the whole streamed HTML,
 * every widget resolved) on the query benchmark's data set.
 *
 *   npx tsx test/bench/queries/generate.ts      # once: 10M tool calls over 30 days
 *   npx tsx test/e2e/measure-overview.ts [--runs 7]
 *
 * Uses the built app (`next build` first when stale) and `next start` on a free
 * port over $BENCH_DATABASE_URL (default: database toolscope_bench). Signs in as
 * a dashboard user it creates once in that database.
 */
import { parseArgs } from 'node:util';
import { createSessionToken, SESSION_COOKIE } from '../../collector/auth/sessions.ts';
import { createUser } from '../../collector/auth/users.ts';
import { openDatabase } from '../../collector/db/client.ts';
import { benchDatabaseUrl, BENCH_PROJECT } from '../bench/queries/database.ts';
import { freePort } from '../support/free-port.ts';
import { buildDashboard, startDashboard } from './dashboard-server.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const runs = Number(values.runs);
const url = benchDatabaseUrl();
const secret = 'bench-session-secret-bench-session-secret';
const email = 'bench-dashboard@localhost.localdomain';

const db = openDatabase(url, { max: 2 });
const user = (await db.prisma.user.findUnique({ where: { email } })) ?? (await createUser(db.prisma, { email, password: 'bench-dashboard-password', role: 'admin' }));
const calls = (await db.pool.query<{ n: number }>('SELECT coalesce(sum(calls), 0)::float8 AS n FROM tool_call_rollups')).rows[0]!.n;
await db.close();

buildDashboard();
const dashboard = await startDashboard({ databaseUrl: url, port: await freePort(), env: { TOOLSCOPE_SESSION_SECRET: secret } });
const cookie = `${SESSION_COOKIE}=${createSessionToken(user.id, secret)}`;

async function timeOnce(query: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${dashboard.url}/?${query}`, { headers: { cookie } });
  const html = await response.text();
  const elapsed = performance.now() - started;
  if (!response.ok || html.includes('data-testid="widget-error"') || !html.includes('stat-calls')) {
    const error = /Could not load this panel[^]*?<\/span>/.exec(html)?.[0] ?? html.slice(-600);
    throw new Error(`overview did not render (${response.status}): ${error}`);
  }
  return elapsed;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
try {
  console.log(`data set: ${calls.toLocaleString('en-US')} tool calls in rollups`);
  for (const range of ['24h', '7d', '30d']) {
    const query = `project=${BENCH_PROJECT}&range=${range}`;
    await timeOnce(query); // warm-up: first request compiles nothing in production, but fills pools and caches
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) samples.push(await timeOnce(query));
    console.log(`overview ${range.padEnd(4)} median ${median(samples).toFixed(0).padStart(5)} ms   max ${Math.max(...samples).toFixed(0).padStart(5)} ms   (${runs} runs)`);
  }
} finally {
  await dashboard.stop();
}
