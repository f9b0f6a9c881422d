'use server';
/**
 * Alert rule writes. Validation is the form's schema; storage goes through
 * Prisma here until the alerts module exposes rule functions
 * (collector/alerts/rules.ts), which these actions should then call.
 */
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { authorizeProject } from '../../_lib/auth.ts';
import { db } from '../../_lib/db.ts';
import { AlertRuleFormSchema, METRICS } from './rule-fields.ts';

export interface RuleFormState {
  ok?: boolean;
  message?: string;
  fieldErrors?: Record<string, string[] | undefined>;
}

export async function saveAlertRuleAction(_previous: RuleFormState, form: FormData): Promise<RuleFormState> {
  const raw = Object.fromEntries(form.entries());
  const parsed = AlertRuleFormSchema.safeParse({ ...raw, enabled: form.get('enabled') === 'on' });
  if (!parsed.success) return { fieldErrors: z.flattenError(parsed.error).fieldErrors, message: 'Fix the fields marked below.' };
  const rule = parsed.data;
  await authorizeProject(rule.projectId);
  const spike = rule.condition === 'spike';
  const data = {
    name: rule.name,
    enabled: rule.enabled,
    scopeType: rule.scopeType,
    scopeValue: rule.scopeType === 'all' ? null : (rule.scopeValue ?? null),
    metric: rule.metric,
    windowSeconds: rule.windowSeconds,
    condition: rule.condition,
    threshold: spike ? null : METRICS[rule.metric].isRate ? rule.threshold! / 100 : rule.threshold!,
    baselineWindowSeconds: spike ? (rule.baselineWindowSeconds ?? null) : null,
    spikeFactor: spike ? (rule.spikeFactor ?? null) : null,
    minCalls: rule.minCalls,
    cooldownSeconds: rule.cooldownSeconds,
  };
  const { prisma } = db();
  if (rule.ruleId) {
    const updated = await prisma.alertRule.updateMany({ where: { id: rule.ruleId, projectId: rule.projectId }, data });
    if (updated.count === 0) return { message: 'This rule no longer exists.' };
  } else {
    await prisma.alertRule.create({ data: { ...data, projectId: rule.projectId } });
  }
  revalidatePath('/alerts');
  return { ok: true, message: rule.ruleId ? `Saved “${rule.name}”.` : `Created “${rule.name}”.` };
}

const ToggleSchema = z.object({ projectId: z.uuid(), ruleId: z.uuid(), enabled: z.enum(['true', 'false']) });

export async function toggleAlertRuleAction(form: FormData): Promise<void> {
  const parsed = ToggleSchema.safeParse(Object.fromEntries(form.entries()));
  if (!parsed.success) throw new Error('invalid alert rule toggle');
  await authorizeProject(parsed.data.projectId);
  await db().prisma.alertRule.updateMany({
    where: { id: parsed.data.ruleId, projectId: parsed.data.projectId },
    // A re-enabled rule starts from a clean state rather than an old "firing".
    data: parsed.data.enabled === 'true' ? { enabled: true } : { enabled: false, state: 'ok' },
  });
  revalidatePath('/alerts');
}

export async function closeEditorAction(form: FormData): Promise<void> {
  redirect(String(form.get('back') ?? '/alerts'));
}
