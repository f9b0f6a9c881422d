/**
 * Alert rules and the webhooks they notify, from the command line:
 *   toolscope alerts create --project P --name N --metric failure_rate (--threshold 0.2 | --spike 3 --baseline 3600)
 *                           [--tool T | --agent A] [--window 300] [--min-calls 20] [--cooldown 900] [--webhook ID]
 *   toolscope alerts list --project P | alerts enable|disable|delete --project P ID
 *   toolscope webhooks create --project P --name N --url URL [--format slack|json] [--secret S] | webhooks list --project P
 */
import { z } from 'zod';
import { AlertMetricSchema, AlertRuleError, createAlertRule, createWebhook, deleteAlertRule, updateAlertRule } from '../../alerts/index.ts';
import { findProjectByName } from '../../projects/projects.ts';
import { listAlertRules, listWebhooks } from '../../queries/index.ts';
import { CliError, parseFlags, validate } from '../args.ts';
import type { CommandContext } from '../context.ts';

const ALERTS_USAGE =
  'toolscope alerts create --project NAME --name RULE --metric failure_rate|failures|p95_latency|loop_incidents|refusal_rate (--threshold X | --spike K --baseline SECONDS) [--tool T | --agent A] [--window SECONDS] [--min-calls N] [--cooldown SECONDS] [--webhook ID] | alerts list --project NAME | alerts enable|disable|delete --project NAME RULE_ID';
const WEBHOOKS_USAGE = 'toolscope webhooks create --project NAME --name LABEL --url URL [--format slack|json] [--secret S] | webhooks list --project NAME';

const CreateFlags = z
  .object({
    project: z.string({ error: 'is required' }).min(1),
    name: z.string({ error: 'is required (a label for the rule)' }).min(1),
    metric: AlertMetricSchema,
    tool: z.string().min(1).optional(),
    agent: z.string().min(1).optional(),
    threshold: z.coerce.number().optional(),
    spike: z.coerce.number().optional(),
    baseline: z.coerce.number().int().optional(),
    window: z.coerce.number().int().optional(),
    'min-calls': z.coerce.number().int().optional(),
    cooldown: z.coerce.number().int().optional(),
    webhook: z.array(z.uuid({ error: 'must be a webhook id from `toolscope webhooks list`' })).optional(),
  })
  .refine((f) => !(f.tool && f.agent), { message: 'give at most one of --tool and --agent', path: ['tool'] })
  .refine((f) => (f.threshold === undefined) !== (f.spike === undefined), { message: 'give either --threshold or --spike (with --baseline)', path: ['threshold'] });

export async function alertsCommand(argv: string[], ctx: CommandContext): Promise<number> {
  const [sub, ...rest] = argv;
  const { values, positionals } = parseFlags(
    rest,
    {
      project: { type: 'string' }, name: { type: 'string' }, metric: { type: 'string' }, tool: { type: 'string' }, agent: { type: 'string' },
      threshold: { type: 'string' }, spike: { type: 'string' }, baseline: { type: 'string' }, window: { type: 'string' },
      'min-calls': { type: 'string' }, cooldown: { type: 'string' }, webhook: { type: 'string', multiple: true },
    },
    ALERTS_USAGE,
  );
  if (typeof values.project !== 'string') throw new CliError(`--project is required. Usage: ${ALERTS_USAGE}`);
  const projectName = values.project;

  if (sub === 'create') {
    const flags = validate(CreateFlags, values, ALERTS_USAGE);
    return ctx.withDatabase(async (db) => {
      const project = await findProjectByName(db.prisma, projectName);
      try {
        const rule = await createAlertRule(db, {
          projectId: project.id,
          name: flags.name,
          metric: flags.metric,
          scopeType: flags.tool ? 'tool' : flags.agent ? 'agent' : 'all',
          scopeValue: flags.tool ?? flags.agent ?? null,
          condition: flags.spike !== undefined ? 'spike' : 'threshold',
          threshold: flags.threshold ?? null,
          spikeFactor: flags.spike ?? null,
          baselineWindowSeconds: flags.baseline ?? null,
          ...(flags.window !== undefined ? { windowSeconds: flags.window } : {}),
          ...(flags['min-calls'] !== undefined ? { minCalls: flags['min-calls'] } : {}),
          ...(flags.cooldown !== undefined ? { cooldownSeconds: flags.cooldown } : {}),
          webhookIds: flags.webhook ?? [],
        });
        ctx.out(`created alert rule ${rule.name} (${rule.id})`);
        return 0;
      } catch (error) {
        if (error instanceof AlertRuleError) throw new CliError(error.message);
        throw error;
      }
    });
  }
  if (sub === 'list') {
    return ctx.withDatabase(async (db) => {
      const project = await findProjectByName(db.prisma, projectName);
      const rules = await listAlertRules(db, { projectId: project.id });
      if (rules.length === 0) ctx.out(`no alert rules in ${project.name}`);
      for (const r of rules) {
        const scope = r.scopeType === 'all' ? 'all tools' : `${r.scopeType} ${r.scopeValue}`;
        const condition = r.condition === 'spike' ? `≥ ${r.spikeFactor}× baseline (${r.baselineWindowSeconds}s)` : `≥ ${r.threshold}`;
        ctx.out(`${r.id}\t${r.name}\t${r.enabled ? r.state : 'disabled'}\t${r.metric} ${condition} over ${r.windowSeconds}s, ${scope}`);
      }
      return 0;
    });
  }
  if (sub === 'enable' || sub === 'disable' || sub === 'delete') {
    const ruleId = positionals[0];
    if (!ruleId || !z.uuid().safeParse(ruleId).success) throw new CliError(`expected a rule id from \`toolscope alerts list\`. Usage: ${ALERTS_USAGE}`);
    return ctx.withDatabase(async (db) => {
      const project = await findProjectByName(db.prisma, projectName);
      const found = sub === 'delete' ? await deleteAlertRule(db, project.id, ruleId) : Boolean(await updateAlertRule(db, project.id, ruleId, { enabled: sub === 'enable' }));
      if (!found) throw new CliError(`no alert rule ${ruleId} in ${project.name}`);
      ctx.out(`${sub}d alert rule ${ruleId}`);
      return 0;
    });
  }
  throw new CliError(`unknown subcommand ${JSON.stringify(sub ?? '')}. Usage: ${ALERTS_USAGE}`);
}

export async function webhooksCommand(argv: string[], ctx: CommandContext): Promise<number> {
  const [sub, ...rest] = argv;
  const { values } = parseFlags(
    rest,
    { project: { type: 'string' }, name: { type: 'string' }, url: { type: 'string' }, format: { type: 'string' }, secret: { type: 'string' } },
    WEBHOOKS_USAGE,
  );
  if (typeof values.project !== 'string') throw new CliError(`--project is required. Usage: ${WEBHOOKS_USAGE}`);
  const projectName = values.project;
  if (sub === 'create') {
    return ctx.withDatabase(async (db) => {
      const project = await findProjectByName(db.prisma, projectName);
      const webhook = await createWebhook(db, {
        projectId: project.id,
        name: String(values.name ?? ''),
        url: String(values.url ?? ''),
        ...(values.format ? { format: values.format as 'slack' | 'json' } : {}),
        ...(values.secret ? { secret: String(values.secret) } : {}),
      });
      ctx.out(`created webhook ${webhook.name} (${webhook.id}); attach it with: toolscope alerts create … --webhook ${webhook.id}`);
      return 0;
    });
  }
  if (sub === 'list') {
    return ctx.withDatabase(async (db) => {
      const project = await findProjectByName(db.prisma, projectName);
      const webhooks = await listWebhooks(db, { projectId: project.id });
      if (webhooks.length === 0) ctx.out(`no webhooks in ${project.name}`);
      for (const w of webhooks) ctx.out(`${w.id}\t${w.name}\t${w.format}\t${w.url}\t${w.enabled ? 'enabled' : 'disabled'}`);
      return 0;
    });
  }
  throw new CliError(`unknown subcommand ${JSON.stringify(sub ?? '')}. Usage: ${WEBHOOKS_USAGE}`);
}
