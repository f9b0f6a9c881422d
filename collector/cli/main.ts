/**
 * `toolscope <command>`: dispatch, and the one place errors become one line
 * on stderr and an exit code.
 */
import { ZodError } from 'zod';
import { ConfigError, loadConfig } from '../config.ts';
import { CliError } from './args.ts';
import { alertsCommand, webhooksCommand } from './commands/alerts.ts';
import { buildCommand } from './commands/build.ts';
import { contractsCommand } from './commands/contracts.ts';
import { demoCommand } from './commands/demo.ts';
import { keysCommand } from './commands/keys.ts';
import { migrateCommand } from './commands/migrate.ts';
import { projectsCommand } from './commands/projects.ts';
import { startCommand } from './commands/start.ts';
import { createCommandContext, type CommandContext } from './context.ts';

type Command = (argv: string[], ctx: CommandContext) => Promise<number>;

const COMMANDS: Record<string, { run: Command; summary: string }> = {
  start: { run: startCommand, summary: 'run the collector (:4318) and the dashboard (:3000) on the embedded Postgres or DATABASE_URL' },
  migrate: { run: migrateCommand, summary: 'apply pending database migrations' },
  projects: { run: projectsCommand, summary: 'projects create NAME | projects list' },
  keys: { run: keysCommand, summary: 'keys create --project NAME --scope ingest|read | keys list | keys revoke ID' },
  contracts: { run: contractsCommand, summary: 'contracts set --project P --agent A --json J | contracts list | contracts delete' },
  alerts: { run: alertsCommand, summary: 'alerts create --project P --name N --metric M (--threshold X | --spike K --baseline S) | alerts list | enable | disable | delete' },
  webhooks: { run: webhooksCommand, summary: 'webhooks create --project P --name N --url URL [--format slack|json] [--secret S] | webhooks list' },
  demo: { run: demoCommand, summary: 'demo [--runs N]: run the example file-search agent against the running Toolscope' },
  build: { run: buildCommand, summary: 'build the dashboard now instead of at first start' },
};

function help(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  return [
    'usage: toolscope <command> [flags]',
    '',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    '',
    'environment: DATABASE_URL (external Postgres), TOOLSCOPE_HOME (data folder, default ./.toolscope),',
    '  TOOLSCOPE_COLLECTOR_PORT (4318), TOOLSCOPE_DASHBOARD_PORT (3000), TOOLSCOPE_PG_PORT (54329)',
  ].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(`${help()}\n`);
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`toolscope: unknown command ${JSON.stringify(name)}; run \`toolscope help\` for the list\n`);
    return 2;
  }
  try {
    const ctx = createCommandContext(loadConfig());
    return await command.run(rest, ctx);
  } catch (error) {
    if (error instanceof CliError || error instanceof ConfigError) {
      process.stderr.write(`toolscope ${name}: ${error.message}\n`);
      return 2;
    }
    if (error instanceof ZodError) {
      process.stderr.write(`toolscope ${name}: ${error.issues.map((i) => i.message).join('; ')}\n`);
      return 2;
    }
    const message = (error as Error).message ?? String(error);
    process.stderr.write(`toolscope ${name}: ${message}\n`);
    return 1;
  }
}
