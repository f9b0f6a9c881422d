/** Read models of what users configure: contracts, alert rules and events, webhooks and their deliveries. */
import type { Database } from '../db/client.ts';
import {
  AlertEventsInputSchema,
  ProjectInputSchema,
  WebhookDeliveriesInputSchema,
  type AlertEventsInput,
  type ProjectInput,
  type WebhookDeliveriesInput,
} from './inputs.ts';
import type { AlertEventItem, AlertRuleItem, ContractItem, WebhookDeliveryItem, WebhookItem } from './results.ts';
import { Params, iso, isoRequired } from './sql.ts';

export async function listContracts(db: Database, rawInput: ProjectInput): Promise<ContractItem[]> {
  const { projectId } = ProjectInputSchema.parse(rawInput);
  const rows = await db.prisma.contract.findMany({ where: { projectId }, orderBy: { agentName: 'asc' } });
  return rows.map((row) => ({
    id: row.id,
    agent: row.agentName,
    enabled: row.enabled,
    definition: row.definition as ContractItem['definition'],
    createdAt: isoRequired(row.createdAt),
    updatedAt: isoRequired(row.updatedAt),
  }));
}

export function toAlertRuleItem(row: {
  id: string; name: string; enabled: boolean; scopeType: string; scopeValue: string | null; metric: string;
  windowSeconds: number; condition: string; threshold: number | null; baselineWindowSeconds: number | null;
  spikeFactor: number | null; minCalls: number; cooldownSeconds: number; state: string; lastEvaluatedAt: Date | null;
  lastFiredAt: Date | null; webhookIds: string[]; createdAt: Date; updatedAt: Date;
}): AlertRuleItem {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    scopeType: row.scopeType as AlertRuleItem['scopeType'],
    scopeValue: row.scopeValue,
    metric: row.metric as AlertRuleItem['metric'],
    windowSeconds: row.windowSeconds,
    condition: row.condition as AlertRuleItem['condition'],
    threshold: row.threshold,
    baselineWindowSeconds: row.baselineWindowSeconds,
    spikeFactor: row.spikeFactor,
    minCalls: row.minCalls,
    cooldownSeconds: row.cooldownSeconds,
    state: row.state as AlertRuleItem['state'],
    lastEvaluatedAt: iso(row.lastEvaluatedAt),
    lastFiredAt: iso(row.lastFiredAt),
    webhookIds: row.webhookIds,
    createdAt: isoRequired(row.createdAt),
    updatedAt: isoRequired(row.updatedAt),
  };
}

export async function listAlertRules(db: Database, rawInput: ProjectInput): Promise<AlertRuleItem[]> {
  const { projectId } = ProjectInputSchema.parse(rawInput);
  const rows = await db.prisma.alertRule.findMany({ where: { projectId }, orderBy: { createdAt: 'asc' } });
  return rows.map(toAlertRuleItem);
}

export async function listAlertEvents(db: Database, rawInput: AlertEventsInput): Promise<AlertEventItem[]> {
  const input = AlertEventsInputSchema.parse(rawInput);
  const params = new Params();
  const clauses = [`e.project_id = ${params.add(input.projectId)}::uuid`];
  if (input.ruleId) clauses.push(`e.rule_id = ${params.add(input.ruleId)}::uuid`);
  if (input.kind) clauses.push(`e.kind = ${params.add(input.kind)}`);
  if (input.from) clauses.push(`e.created_at >= ${params.add(input.from)}::timestamptz`);
  if (input.to) clauses.push(`e.created_at < ${params.add(input.to)}::timestamptz`);
  const { rows } = await db.pool.query(
    `SELECT e.id, e.rule_id, r.name AS rule_name, e.kind, e.value, e.baseline, e.threshold, e.calls, e.example_calls,
            e.message, e.created_at
       FROM alert_events e JOIN alert_rules r ON r.id = e.rule_id
      WHERE ${clauses.join(' AND ')}
      ORDER BY e.created_at DESC, e.id
      LIMIT ${params.add(input.limit)}`,
    params.values,
  );
  return rows.map((row) => ({
    id: row.id,
    ruleId: row.rule_id,
    ruleName: row.rule_name,
    kind: row.kind,
    value: row.value,
    baseline: row.baseline,
    threshold: row.threshold,
    calls: row.calls,
    exampleCalls: row.example_calls,
    message: row.message,
    createdAt: isoRequired(row.created_at),
  }));
}

export async function listWebhooks(db: Database, rawInput: ProjectInput): Promise<WebhookItem[]> {
  const { projectId } = ProjectInputSchema.parse(rawInput);
  const rows = await db.prisma.webhook.findMany({ where: { projectId }, orderBy: { createdAt: 'asc' } });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    url: row.url,
    format: row.format as WebhookItem['format'],
    signed: row.secret != null,
    enabled: row.enabled,
    createdAt: isoRequired(row.createdAt),
  }));
}

export async function listWebhookDeliveries(db: Database, rawInput: WebhookDeliveriesInput): Promise<WebhookDeliveryItem[]> {
  const input = WebhookDeliveriesInputSchema.parse(rawInput);
  const rows = await db.prisma.webhookDelivery.findMany({
    where: { webhook: { projectId: input.projectId }, ...(input.webhookId ? { webhookId: input.webhookId } : {}) },
    orderBy: { createdAt: 'desc' },
    take: input.limit,
  });
  return rows.map((row) => ({
    id: row.id,
    eventId: row.eventId,
    webhookId: row.webhookId,
    status: row.status as WebhookDeliveryItem['status'],
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    error: row.error,
    nextAttemptAt: iso(row.nextAttemptAt),
    deliveredAt: iso(row.deliveredAt),
    createdAt: isoRequired(row.createdAt),
  }));
}
