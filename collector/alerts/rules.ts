/**
 * Alert rules: zod input schemas and the functions the API and the CLI call
 * to create, change and delete them.
 */
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { toAlertRuleItem } from '../queries/settings.ts';
import type { AlertRuleItem } from '../queries/results.ts';

export const AlertMetricSchema = z.enum(['failure_rate', 'failures', 'p95_latency', 'loop_incidents', 'refusal_rate']);
export const AlertScopeSchema = z.enum(['all', 'tool', 'agent']);
export const AlertConditionSchema = z.enum(['threshold', 'spike']);

const Seconds = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const ruleFields = {
  name: z.string().trim().min(1).max(200),
  enabled: z.boolean(),
  scopeType: AlertScopeSchema,
  scopeValue: z.string().trim().min(1).max(200).nullable(),
  metric: AlertMetricSchema,
  windowSeconds: Seconds(60, 7 * 86_400),
  condition: AlertConditionSchema,
  threshold: z.coerce.number().min(0).nullable(),
  baselineWindowSeconds: Seconds(60, 90 * 86_400).nullable(),
  spikeFactor: z.coerce.number().gt(1).max(1000).nullable(),
  minCalls: z.coerce.number().int().min(0).max(1_000_000),
  cooldownSeconds: Seconds(0, 7 * 86_400),
  webhookIds: z.array(z.uuid()).max(20),
};

type RuleFields = { [K in keyof typeof ruleFields]: z.infer<(typeof ruleFields)[K]> };

/** Cross-field rules shared by create and update (checked on the merged rule). */
function checkRule(rule: RuleFields, ctx: z.RefinementCtx): void {
  if (rule.scopeType !== 'all' && !rule.scopeValue) {
    ctx.addIssue({ code: 'custom', path: ['scopeValue'], message: `scope ${rule.scopeType} needs scopeValue (the ${rule.scopeType} name)` });
  }
  if (rule.condition === 'threshold' && rule.threshold == null) {
    ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'a threshold rule needs threshold' });
  }
  if (rule.condition === 'spike' && (rule.spikeFactor == null || rule.baselineWindowSeconds == null)) {
    ctx.addIssue({ code: 'custom', path: ['spikeFactor'], message: 'a spike rule needs spikeFactor and baselineWindowSeconds' });
  }
  if ((rule.metric === 'failure_rate' || rule.metric === 'refusal_rate') && rule.threshold != null && rule.threshold > 1) {
    ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'rates are fractions: use 0.2 for 20%' });
  }
}

export const CreateAlertRuleInputSchema = z
  .object({
    projectId: z.uuid(),
    ...ruleFields,
    enabled: ruleFields.enabled.default(true),
    scopeType: ruleFields.scopeType.default('all'),
    scopeValue: ruleFields.scopeValue.default(null),
    windowSeconds: ruleFields.windowSeconds.default(300),
    condition: ruleFields.condition.default('threshold'),
    threshold: ruleFields.threshold.default(null),
    baselineWindowSeconds: ruleFields.baselineWindowSeconds.default(null),
    spikeFactor: ruleFields.spikeFactor.default(null),
    minCalls: ruleFields.minCalls.default(20),
    cooldownSeconds: ruleFields.cooldownSeconds.default(900),
    webhookIds: ruleFields.webhookIds.default([]),
  })
  .superRefine(checkRule);
export type CreateAlertRuleInput = z.input<typeof CreateAlertRuleInputSchema>;

export const UpdateAlertRuleInputSchema = z.object(ruleFields).partial();
export type UpdateAlertRuleInput = z.input<typeof UpdateAlertRuleInputSchema>;

export class AlertRuleError extends Error {}

async function checkWebhooks(db: Database, projectId: string, webhookIds: readonly string[]): Promise<void> {
  if (webhookIds.length === 0) return;
  const found = await db.prisma.webhook.count({ where: { projectId, id: { in: [...webhookIds] } } });
  if (found !== new Set(webhookIds).size) throw new AlertRuleError('webhookIds: every webhook must exist in this project');
}

export async function createAlertRule(db: Database, rawInput: CreateAlertRuleInput): Promise<AlertRuleItem> {
  const input = CreateAlertRuleInputSchema.parse(rawInput);
  await checkWebhooks(db, input.projectId, input.webhookIds);
  const { projectId, ...fields } = input;
  const row = await db.prisma.alertRule.create({ data: { projectId, ...fields } });
  return toAlertRuleItem(row);
}

export async function getAlertRule(db: Database, projectId: string, ruleId: string): Promise<AlertRuleItem | null> {
  const row = await db.prisma.alertRule.findFirst({ where: { id: ruleId, projectId } });
  return row ? toAlertRuleItem(row) : null;
}

/** Applies a partial change; the merged rule must still be valid. Null when the rule is not in the project. */
export async function updateAlertRule(
  db: Database,
  projectId: string,
  ruleId: string,
  rawChanges: UpdateAlertRuleInput,
): Promise<AlertRuleItem | null> {
  const changes = UpdateAlertRuleInputSchema.parse(rawChanges);
  const current = await db.prisma.alertRule.findFirst({ where: { id: ruleId, projectId } });
  if (!current) return null;
  const merged = CreateAlertRuleInputSchema.parse({ ...current, ...changes, projectId });
  await checkWebhooks(db, projectId, merged.webhookIds);
  const { projectId: _project, ...fields } = merged;
  // A rule switched off forgets that it was firing; switched on again, it starts from ok.
  const state = changes.enabled === false ? 'ok' : current.state;
  const row = await db.prisma.alertRule.update({ where: { id: ruleId }, data: { ...fields, state } });
  return toAlertRuleItem(row);
}

export async function deleteAlertRule(db: Database, projectId: string, ruleId: string): Promise<boolean> {
  const result = await db.prisma.alertRule.deleteMany({ where: { id: ruleId, projectId } });
  return result.count > 0;
}
