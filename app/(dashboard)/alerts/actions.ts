'use server';
/**
 * Alert rule writes. The form's schema turns what a person typed (rates in
 * percent, blank fields) into a rule and words its field errors; the alerts
 * module (the same functions the API and CLI call) validates again and stores.
 */
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { AlertRuleError, createAlertRule, updateAlertRule } from '../../../collector/alerts/rules.ts';
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
  const parsed = AlertRuleFormSchema.safeParse({ ...raw, enabled: form.get('enabled') === 'on', webhookIds: form.getAll('webhookIds') });
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
    webhookIds: rule.webhookIds,
  };
  try {
    if (rule.ruleId) {
      const updated = await updateAlertRule(db(), rule.projectId, rule.ruleId, data);
      if (!updated) return { message: 'This rule no longer exists.' };
    } else {
      await createAlertRule(db(), { ...data, projectId: rule.projectId });
    }
  } catch (error) {
    if (error instanceof z.ZodError) return { fieldErrors: z.flattenError(error).fieldErrors, message: 'Fix the fields marked below.' };
    if (error instanceof AlertRuleError) return { message: error.message };
    throw error;
  }
  revalidatePath('/alerts');
  return { ok: true, message: rule.ruleId ? `Saved “${rule.name}”.` : `Created “${rule.name}”.` };
}

const ToggleSchema = z.object({ projectId: z.uuid(), ruleId: z.uuid(), enabled: z.enum(['true', 'false']) });

export async function toggleAlertRuleAction(form: FormData): Promise<void> {
  const parsed = ToggleSchema.safeParse(Object.fromEntries(form.entries()));
  if (!parsed.success) throw new Error('invalid alert rule toggle');
  await authorizeProject(parsed.data.projectId);
  // The alerts module resets a disabled rule's state, so re-enabling starts from "ok".
  await updateAlertRule(db(), parsed.data.projectId, parsed.data.ruleId, { enabled: parsed.data.enabled === 'true' });
  revalidatePath('/alerts');
}
