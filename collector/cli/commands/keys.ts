/**
 * `toolscope keys create --project NAME --scope ingest|read [--name LABEL]`
 * (the key is the last line of stdout, so scripts can `| tail -1`),
 * `toolscope keys list [--project NAME]`, `toolscope keys revoke ID|PREFIX`.
 */
import { z } from 'zod';
import { createApiKey, KeyScopeSchema } from '../../auth/api-keys.ts';
import { findProjectByName } from '../../projects/projects.ts';
import { CliError, parseFlags, validate } from '../args.ts';
import type { CommandContext } from '../context.ts';

const USAGE =
  'toolscope keys create --project NAME --scope ingest|read [--name LABEL] | toolscope keys list [--project NAME] | toolscope keys revoke ID|PREFIX';

const CreateFlags = z.object({
  project: z.string({ error: 'is required (the project the key belongs to)' }).min(1),
  scope: z.enum(KeyScopeSchema.options, { error: 'must be ingest (send spans) or read (query the API)' }),
  name: z.string().min(1).max(80).optional(),
});

export async function keysCommand(argv: string[], ctx: CommandContext): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'create') {
    const { values, positionals } = parseFlags(rest, { project: { type: 'string' }, scope: { type: 'string' }, name: { type: 'string' } }, USAGE);
    if (positionals.length) throw new CliError(`unexpected argument ${JSON.stringify(positionals[0])}. Usage: ${USAGE}`);
    const flags = validate(CreateFlags, values, USAGE);
    return ctx.withDatabase(async ({ prisma }) => {
      const project = await findProjectByName(prisma, flags.project);
      const created = await createApiKey(prisma, { projectId: project.id, scope: flags.scope, ...(flags.name ? { name: flags.name } : {}) });
      ctx.err(`created ${created.scope} key ${created.id} for project ${project.name}; it is shown once, store it now:`);
      ctx.out(created.key);
      return 0;
    });
  }
  if (sub === 'list') {
    const { values } = parseFlags(rest, { project: { type: 'string' } }, USAGE);
    return ctx.withDatabase(async ({ prisma }) => {
      const projectId = typeof values.project === 'string' ? (await findProjectByName(prisma, values.project)).id : undefined;
      const keys = await prisma.apiKey.findMany({
        where: projectId ? { projectId } : {},
        orderBy: { createdAt: 'asc' },
        include: { project: { select: { name: true } } },
      });
      if (keys.length === 0) ctx.out('no keys: toolscope keys create --project NAME --scope ingest');
      for (const k of keys) {
        const state = k.revokedAt ? `revoked ${k.revokedAt.toISOString()}` : 'active';
        ctx.out(`${k.id}\t${k.project.name}\t${k.scope}\t${k.prefix}…\t${k.name}\t${state}`);
      }
      return 0;
    });
  }
  if (sub === 'revoke') {
    const { positionals } = parseFlags(rest, {}, USAGE);
    const ref = positionals[0];
    if (!ref || positionals.length > 1) throw new CliError(`expected one key id or prefix. Usage: ${USAGE}`);
    return ctx.withDatabase(async ({ prisma }) => {
      const isUuid = /^[0-9a-f-]{36}$/i.test(ref);
      const matches = await prisma.apiKey.findMany({ where: isUuid ? { id: ref } : { prefix: { startsWith: ref.replace(/…$/, '') } } });
      if (matches.length === 0) throw new CliError(`no key matches ${JSON.stringify(ref)}; see \`toolscope keys list\``);
      if (matches.length > 1) throw new CliError(`${matches.length} keys match ${JSON.stringify(ref)}; pass the key id from \`toolscope keys list\``);
      const key = matches[0]!;
      if (key.revokedAt) {
        ctx.out(`key ${key.id} was already revoked at ${key.revokedAt.toISOString()}`);
        return 0;
      }
      await prisma.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
      ctx.out(`revoked key ${key.id} (${key.prefix}…); running collectors stop accepting it within 10 seconds`);
      return 0;
    });
  }
  throw new CliError(`unknown subcommand ${JSON.stringify(sub ?? '')}. Usage: ${USAGE}`);
}
