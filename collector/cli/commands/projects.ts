/** `toolscope projects create NAME` and `toolscope projects list`. */
import { createProject } from '../../projects/projects.ts';
import { CliError, parseFlags } from '../args.ts';
import type { CommandContext } from '../context.ts';

const USAGE = 'toolscope projects create NAME | toolscope projects list';

export async function projectsCommand(argv: string[], ctx: CommandContext): Promise<number> {
  const [sub, ...rest] = argv;
  const { positionals } = parseFlags(rest, {}, USAGE);
  if (sub === 'create') {
    const name = positionals[0];
    if (!name || positionals.length > 1) throw new CliError(`expected exactly one project name. Usage: ${USAGE}`);
    return ctx.withDatabase(async ({ prisma }) => {
      const project = await createProject(prisma, name);
      ctx.out(`created project ${project.name} (${project.id})`);
      ctx.out(`next: toolscope keys create --project ${project.name} --scope ingest`);
      return 0;
    });
  }
  if (sub === 'list') {
    return ctx.withDatabase(async ({ prisma }) => {
      const projects = await prisma.project.findMany({ orderBy: { createdAt: 'asc' }, include: { _count: { select: { apiKeys: true } } } });
      if (projects.length === 0) ctx.out('no projects yet: toolscope projects create NAME');
      for (const p of projects) ctx.out(`${p.name}\t${p.id}\tretention ${p.retentionDays}d\t${p._count.apiKeys} key(s)`);
      return 0;
    });
  }
  throw new CliError(`unknown subcommand ${JSON.stringify(sub ?? '')}. Usage: ${USAGE}`);
}
