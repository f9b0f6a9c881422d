'use server';
/** Webhook writes, through the alerts module (the same functions the API and CLI call). */
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { createWebhook, deleteWebhook, updateWebhook } from '../../../collector/alerts/webhooks.ts';
import { authorizeProject } from '../../_lib/auth.ts';
import { db } from '../../_lib/db.ts';
import type { RuleFormState } from './actions.ts';

const WebhookFormSchema = z.object({
  projectId: z.uuid(),
  name: z.string().trim().min(1, 'Name the webhook').max(200),
  url: z.url({ protocol: /^https?$/, message: 'An http(s) URL, e.g. https://hooks.slack.com/services/…' }),
  format: z.enum(['slack', 'json']),
  secret: z.preprocess((v) => (typeof v === 'string' && v.trim() ? v.trim() : null), z.string().min(8, 'At least 8 characters, or leave empty').max(500).nullable()),
});

export async function createWebhookAction(_previous: RuleFormState, form: FormData): Promise<RuleFormState> {
  const parsed = WebhookFormSchema.safeParse(Object.fromEntries(form.entries()));
  if (!parsed.success) return { fieldErrors: z.flattenError(parsed.error).fieldErrors };
  await authorizeProject(parsed.data.projectId);
  await createWebhook(db(), parsed.data);
  revalidatePath('/alerts');
  return { ok: true, message: `Added “${parsed.data.name}”. Choose it in a rule to get that rule's events.` };
}

const WebhookRefSchema = z.object({ projectId: z.uuid(), webhookId: z.uuid(), enabled: z.enum(['true', 'false']).optional() });

export async function toggleWebhookAction(form: FormData): Promise<void> {
  const parsed = WebhookRefSchema.safeParse(Object.fromEntries(form.entries()));
  if (!parsed.success || !parsed.data.enabled) throw new Error('invalid webhook toggle');
  await authorizeProject(parsed.data.projectId);
  await updateWebhook(db(), parsed.data.projectId, parsed.data.webhookId, { enabled: parsed.data.enabled === 'true' });
  revalidatePath('/alerts');
}

export async function deleteWebhookAction(form: FormData): Promise<void> {
  const parsed = WebhookRefSchema.safeParse(Object.fromEntries(form.entries()));
  if (!parsed.success) throw new Error('invalid webhook delete');
  await authorizeProject(parsed.data.projectId);
  await deleteWebhook(db(), parsed.data.projectId, parsed.data.webhookId);
  revalidatePath('/alerts');
}
