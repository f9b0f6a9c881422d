/** Webhooks: where alert events are sent. Zod schemas and functions for the API and the CLI. */
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { WebhookItem } from '../queries/results.ts';
import { isoRequired } from '../queries/sql.ts';

const fields = {
  name: z.string().trim().min(1).max(200),
  url: z.url({ protocol: /^https?$/, message: 'url must be an http(s) URL' }),
  format: z.enum(['slack', 'json']),
  /** HMAC key for `X-Toolscope-Signature`; null sends unsigned. */
  secret: z.string().min(8).max(500).nullable(),
  enabled: z.boolean(),
};

export const CreateWebhookInputSchema = z.object({
  projectId: z.uuid(),
  ...fields,
  format: fields.format.default('json'),
  secret: fields.secret.default(null),
  enabled: fields.enabled.default(true),
});
export type CreateWebhookInput = z.input<typeof CreateWebhookInputSchema>;

export const UpdateWebhookInputSchema = z.object(fields).partial();
export type UpdateWebhookInput = z.input<typeof UpdateWebhookInputSchema>;

const toItem = (row: { id: string; name: string; url: string; format: string; secret: string | null; enabled: boolean; createdAt: Date }): WebhookItem => ({
  id: row.id,
  name: row.name,
  url: row.url,
  format: row.format as WebhookItem['format'],
  signed: row.secret != null,
  enabled: row.enabled,
  createdAt: isoRequired(row.createdAt),
});

export async function createWebhook(db: Database, rawInput: CreateWebhookInput): Promise<WebhookItem> {
  const input = CreateWebhookInputSchema.parse(rawInput);
  return toItem(await db.prisma.webhook.create({ data: input }));
}

export async function updateWebhook(db: Database, projectId: string, webhookId: string, rawChanges: UpdateWebhookInput): Promise<WebhookItem | null> {
  const changes = UpdateWebhookInputSchema.parse(rawChanges);
  const result = await db.prisma.webhook.updateMany({ where: { id: webhookId, projectId }, data: changes });
  if (result.count === 0) return null;
  return toItem((await db.prisma.webhook.findUnique({ where: { id: webhookId } }))!);
}

/** Deletes the webhook and its delivery log, and takes it out of every rule that named it. */
export async function deleteWebhook(db: Database, projectId: string, webhookId: string): Promise<boolean> {
  return db.prisma.$transaction(async (tx) => {
    const result = await tx.webhook.deleteMany({ where: { id: webhookId, projectId } });
    if (result.count === 0) return false;
    await tx.$executeRaw`UPDATE alert_rules SET webhook_ids = array_remove(webhook_ids, ${webhookId}) WHERE project_id = ${projectId}::uuid`;
    return true;
  });
}
