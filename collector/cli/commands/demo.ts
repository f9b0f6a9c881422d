/**
 * `toolscope demo [--runs N] [--seed S] [--project NAME]`: runs the example
 * file-search agent against the running Toolscope. Without TOOLSCOPE_API_KEY
 * it makes an ingest key for project `demo` (created if missing), so the demo
 * works right after `npm start` with nothing to configure.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { z } from 'zod';
import { createApiKey } from '../../auth/api-keys.ts';
import { ProjectNameSchema } from '../../projects/projects.ts';
import { CliError, parseFlags, validate } from '../args.ts';
import type { CommandContext } from '../context.ts';
import { PACKAGE_ROOT } from '../dashboard.ts';

const USAGE = 'toolscope demo [--runs N] [--seed S] [--project NAME] [--endpoint URL]';

const Flags = z.object({
  runs: z.coerce.number().int().min(1).max(10_000).optional(),
  seed: z.coerce.number().int().optional(),
  project: ProjectNameSchema.default('demo'),
  endpoint: z.url({ error: 'must be a URL such as http://localhost:4318' }).optional(),
});

export async function demoCommand(argv: string[], ctx: CommandContext): Promise<number> {
  const { values, positionals } = parseFlags(
    argv,
    { runs: { type: 'string' }, seed: { type: 'string' }, project: { type: 'string' }, endpoint: { type: 'string' } },
    USAGE,
  );
  if (positionals.length) throw new CliError(`unexpected argument ${JSON.stringify(positionals[0])}. Usage: ${USAGE}`);
  const flags = validate(Flags, values, USAGE);
  const endpoint = flags.endpoint ?? process.env.TOOLSCOPE_ENDPOINT ?? `http://localhost:${ctx.config.collectorPort}`;

  // Look before touching the database: with nothing running, say how to start
  // Toolscope instead of starting an embedded Postgres just to make a key.
  const reachable = await fetch(`${endpoint}/healthz`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false);
  if (!reachable) {
    ctx.err(`toolscope demo: no Toolscope collector answers at ${endpoint}; start one with \`npm start\` (or \`npx toolscope start\`) in another terminal, then run the demo again`);
    return 1;
  }

  let apiKey = process.env.TOOLSCOPE_API_KEY;
  if (!apiKey) {
    apiKey = await ctx.withDatabase(async ({ prisma }) => {
      const project = (await prisma.project.findUnique({ where: { name: flags.project } })) ?? (await prisma.project.create({ data: { name: flags.project } }));
      const key = await createApiKey(prisma, { projectId: project.id, scope: 'ingest', name: 'demo' });
      ctx.err(`toolscope: sending to project "${project.name}" with a new ingest key (set TOOLSCOPE_API_KEY to use your own)`);
      return key.key;
    });
  }

  const args = [join(PACKAGE_ROOT, 'examples', 'file-search-agent', 'main.ts'), '--endpoint', endpoint];
  if (flags.runs !== undefined) args.push('--runs', String(flags.runs));
  if (flags.seed !== undefined) args.push('--seed', String(flags.seed));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: PACKAGE_ROOT,
      env: { ...process.env, TOOLSCOPE_API_KEY: apiKey },
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}
