/**
 * `toolscope contracts set --project P --agent A (--file F | --json J)`,
 * `contracts list --project P`, `contracts delete --project P --agent A`.
 * A contract is JSON: { requiredTools, requiredSuccess, dependsOn, nextRequired }.
 */
import { readFileSync } from 'node:fs';
import { deleteContract, upsertContract } from '../../analysis/contracts.ts';
import { findProjectByName } from '../../projects/projects.ts';
import { listContracts } from '../../queries/index.ts';
import { CliError, parseFlags } from '../args.ts';
import type { CommandContext } from '../context.ts';

const USAGE =
  'toolscope contracts set --project NAME --agent AGENT (--file contract.json | --json \'{"requiredTools":["search"]}\') | contracts list --project NAME | contracts delete --project NAME --agent AGENT';

function required(values: Record<string, string | boolean | undefined>, flag: string): string {
  const value = values[flag];
  if (typeof value !== 'string' || value.trim() === '') throw new CliError(`--${flag} is required. Usage: ${USAGE}`);
  return value;
}

function readDefinition(values: Record<string, string | boolean | undefined>): unknown {
  const file = values.file;
  const json = values.json;
  if ((typeof file === 'string') === (typeof json === 'string')) throw new CliError(`give the contract with exactly one of --file or --json. Usage: ${USAGE}`);
  const text = typeof file === 'string' ? readFileSync(file, 'utf8') : (json as string);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(`the contract is not valid JSON (${(error as Error).message})`);
  }
}

export async function contractsCommand(argv: string[], ctx: CommandContext): Promise<number> {
  const [sub, ...rest] = argv;
  const { values } = parseFlags(
    rest,
    { project: { type: 'string' }, agent: { type: 'string' }, file: { type: 'string' }, json: { type: 'string' } },
    USAGE,
  );
  if (sub === 'set') {
    const definition = readDefinition(values);
    return ctx.withDatabase(async (db) => {
      const project = await findProjectByName(db.prisma, required(values, 'project'));
      const saved = await upsertContract(db, { projectId: project.id, agent: required(values, 'agent'), definition: definition as never });
      ctx.out(`contract for agent ${saved.agent} in ${project.name} saved; runs are checked against it once complete`);
      return 0;
    });
  }
  if (sub === 'list') {
    return ctx.withDatabase(async (db) => {
      const project = await findProjectByName(db.prisma, required(values, 'project'));
      const contracts = await listContracts(db, { projectId: project.id });
      if (contracts.length === 0) ctx.out(`no contracts in ${project.name}: toolscope contracts set --project ${project.name} --agent AGENT --json '{...}'`);
      for (const c of contracts) ctx.out(`${c.agent}\t${c.enabled ? 'enabled' : 'disabled'}\t${JSON.stringify(c.definition)}`);
      return 0;
    });
  }
  if (sub === 'delete') {
    return ctx.withDatabase(async (db) => {
      const project = await findProjectByName(db.prisma, required(values, 'project'));
      const agent = required(values, 'agent');
      if (!(await deleteContract(db, { projectId: project.id, agent }))) throw new CliError(`no contract for agent ${JSON.stringify(agent)} in ${project.name}`);
      ctx.out(`deleted the contract of agent ${agent}`);
      return 0;
    });
  }
  throw new CliError(`unknown subcommand ${JSON.stringify(sub ?? '')}. Usage: ${USAGE}`);
}
