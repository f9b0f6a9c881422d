import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import type { AlertRuleItem } from '../../../collector/queries/index.ts';
import { NoProject } from '../../_components/no-project.tsx';
import { Badge, Card, EmptyState, PageHeader, TableSkeleton, WidgetError } from '../../_components/ui.tsx';
import { filterOptions, listAlertEvents, listAlertRules, listWebhookDeliveries, listWebhooks, settle } from '../../_lib/data.ts';
import { hrefWithFilters, type DashboardFilters, type SearchParams } from '../../_lib/filters.ts';
import { formatCount, formatDateTime, formatMs, formatPercent, formatRelative } from '../../_lib/format.ts';
import { hasProject, pageContext } from '../../_lib/page-context.ts';
import { toggleAlertRuleAction } from './actions.ts';
import { METRICS, describeRule, thresholdForDisplay, type Metric } from './rule-fields.ts';
import { NEW_RULE, RuleForm, type RuleFormValues } from './rule-form.tsx';
import { deleteWebhookAction, toggleWebhookAction } from './webhook-actions.ts';
import { WebhookForm } from './webhook-form.tsx';

export const metadata: Metadata = { title: 'Alerts · Toolscope' };

function formatMetricValue(metric: string, value: number | null): string {
  if (value === null) return '–';
  if (METRICS[metric as Metric]?.isRate) return formatPercent(value);
  if (metric === 'p95_latency') return formatMs(value);
  return formatCount(value);
}

function toFormValues(rule: AlertRuleItem): RuleFormValues {
  return {
    ruleId: rule.id,
    name: rule.name,
    enabled: rule.enabled,
    scopeType: rule.scopeType,
    scopeValue: rule.scopeValue ?? '',
    metric: rule.metric,
    windowSeconds: rule.windowSeconds,
    condition: rule.condition,
    threshold: thresholdForDisplay(rule.metric, rule.threshold),
    baselineWindowSeconds: rule.baselineWindowSeconds ?? NEW_RULE.baselineWindowSeconds,
    spikeFactor: rule.spikeFactor === null ? NEW_RULE.spikeFactor : String(rule.spikeFactor),
    minCalls: rule.minCalls,
    cooldownSeconds: rule.cooldownSeconds,
    webhookIds: rule.webhookIds,
  };
}

async function Rules({ projectId, filters, editId }: { projectId: string; filters: DashboardFilters; editId: string | undefined }) {
  const [rules, webhooks, options] = await Promise.all([
    settle(listAlertRules({ projectId })),
    settle(listWebhooks({ projectId })),
    filterOptions(projectId, new Date(Date.now() - 30 * 86_400_000).toISOString(), new Date().toISOString()).catch(() => ({ tools: [], agents: [], models: [] })),
  ]);
  if (!rules.ok) return <WidgetError message={rules.error} />;
  const editing = editId ? rules.value.find((r) => r.id === editId) : undefined;
  const webhookNames = new Map(webhooks.ok ? webhooks.value.map((w) => [w.id, w.name]) : []);
  return (
    <>
      <Card title="Rules" subtitle="Evaluated by the collector on an interval; firing and resolving are recorded below and sent to webhooks." testId="alert-rules">
        {rules.value.length === 0 ? (
          <EmptyState title="No alert rules yet">Create one below, e.g. failure rate of all tools over 15 minutes ≥ 10%.</EmptyState>
        ) : (
          <table className="table">
            <thead>
              <tr><th>Rule</th><th>Condition</th><th className="num">Min calls</th><th>Notifies</th><th>State</th><th>Last fired</th><th /></tr>
            </thead>
            <tbody>
              {rules.value.map((rule) => (
                <tr key={rule.id} data-rule={rule.name}>
                  <td><strong>{rule.name}</strong></td>
                  <td className="small">{describeRule(rule)}</td>
                  <td className="num">{formatCount(rule.minCalls)}</td>
                  <td className="small">{rule.webhookIds.map((id) => webhookNames.get(id) ?? '?').join(', ') || <span className="muted">only recorded</span>}</td>
                  <td>
                    {!rule.enabled ? <Badge>disabled</Badge> : rule.state === 'firing' ? <Badge tone="bad">firing</Badge> : <Badge tone="good">ok</Badge>}
                  </td>
                  <td className="small">{rule.lastFiredAt ? formatRelative(rule.lastFiredAt) : 'never'}</td>
                  <td className="num" style={{ whiteSpace: 'nowrap' }}>
                    <Link className="button small" href={hrefWithFilters('/alerts', filters, { edit: rule.id })}>Edit</Link>{' '}
                    <form action={toggleAlertRuleAction} style={{ display: 'inline' }}>
                      <input type="hidden" name="projectId" value={projectId} />
                      <input type="hidden" name="ruleId" value={rule.id} />
                      <input type="hidden" name="enabled" value={rule.enabled ? 'false' : 'true'} />
                      <button className="button small" type="submit" data-testid={`toggle-${rule.name}`}>{rule.enabled ? 'Disable' : 'Enable'}</button>
                    </form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      <Card
        title={editing ? `Edit “${editing.name}”` : 'New rule'}
        action={editing ? <Link className="small" href={hrefWithFilters('/alerts', filters)}>Cancel</Link> : undefined}
        testId="alert-rule-editor"
      >
        <RuleForm
          key={editing?.id ?? 'new'}
          projectId={projectId}
          initial={editing ? toFormValues(editing) : NEW_RULE}
          tools={options.tools}
          agents={options.agents}
          webhooks={webhooks.ok ? webhooks.value.map((w) => ({ id: w.id, name: w.name })) : []}
        />
      </Card>
    </>
  );
}

async function Events({ projectId }: { projectId: string }) {
  const [events, rules] = await Promise.all([settle(listAlertEvents({ projectId, limit: 50 })), settle(listAlertRules({ projectId }))]);
  if (!events.ok) return <WidgetError message={events.error} />;
  const metricOf = new Map(rules.ok ? rules.value.map((r) => [r.id, r.metric]) : []);
  return (
    <Card title="Events" subtitle="Each firing with the value that triggered it, the baseline it was compared with, and the calls it saw." testId="alert-events">
      {events.value.length === 0 ? (
        <EmptyState title="No alert has fired yet" />
      ) : (
        <table className="table">
          <thead>
            <tr><th>When (UTC)</th><th>Rule</th><th>Event</th><th className="num">Value</th><th className="num">Baseline</th><th className="num">Threshold</th><th className="num">Calls</th><th>Message</th></tr>
          </thead>
          <tbody>
            {events.value.map((event) => {
              const metric = metricOf.get(event.ruleId) ?? '';
              return (
                <tr key={event.id}>
                  <td className="mono small">{formatDateTime(event.createdAt)}</td>
                  <td>{event.ruleName}</td>
                  <td><Badge tone={event.kind === 'firing' ? 'bad' : 'good'}>{event.kind}</Badge></td>
                  <td className="num"><strong>{formatMetricValue(metric, event.value)}</strong></td>
                  <td className="num">{formatMetricValue(metric, event.baseline)}</td>
                  <td className="num">{formatMetricValue(metric, event.threshold)}</td>
                  <td className="num">{formatCount(event.calls)}</td>
                  <td className="small">{event.message}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Card>
  );
}

async function Webhooks({ projectId }: { projectId: string }) {
  const [webhooks, deliveries] = await Promise.all([settle(listWebhooks({ projectId })), settle(listWebhookDeliveries({ projectId, limit: 20 }))]);
  if (!webhooks.ok) return <WidgetError message={webhooks.error} />;
  const nameOf = new Map(webhooks.value.map((w) => [w.id, w.name]));
  return (
    <Card title="Webhooks" subtitle="Where rules send their events: Slack-compatible or JSON bodies, signed with HMAC-SHA256 when a secret is set, retried with backoff." testId="webhooks">
      {webhooks.value.length === 0 ? null : (
        <table className="table" style={{ marginBottom: 12 }}>
          <thead>
            <tr><th>Name</th><th>URL</th><th>Body</th><th>Signed</th><th>Status</th><th /></tr>
          </thead>
          <tbody>
            {webhooks.value.map((webhook) => (
              <tr key={webhook.id} data-webhook={webhook.name}>
                <td>{webhook.name}</td>
                <td className="mono small">{webhook.url}</td>
                <td>{webhook.format}</td>
                <td>{webhook.signed ? 'yes' : 'no'}</td>
                <td>{webhook.enabled ? <Badge tone="good">enabled</Badge> : <Badge>disabled</Badge>}</td>
                <td className="num" style={{ whiteSpace: 'nowrap' }}>
                  <form action={toggleWebhookAction} style={{ display: 'inline' }}>
                    <input type="hidden" name="projectId" value={projectId} />
                    <input type="hidden" name="webhookId" value={webhook.id} />
                    <input type="hidden" name="enabled" value={webhook.enabled ? 'false' : 'true'} />
                    <button className="button small" type="submit">{webhook.enabled ? 'Disable' : 'Enable'}</button>
                  </form>{' '}
                  <form action={deleteWebhookAction} style={{ display: 'inline' }}>
                    <input type="hidden" name="projectId" value={projectId} />
                    <input type="hidden" name="webhookId" value={webhook.id} />
                    <button className="button small danger" type="submit">Delete</button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <WebhookForm projectId={projectId} />
      {deliveries.ok && deliveries.value.length > 0 ? (
        <>
          <h3 className="subhead">Delivery log</h3>
          <table className="table">
            <thead>
              <tr><th>Created (UTC)</th><th>Webhook</th><th>Status</th><th className="num">Attempts</th><th className="num">Response</th><th>Error</th></tr>
            </thead>
            <tbody>
              {deliveries.value.map((delivery) => (
                <tr key={delivery.id}>
                  <td className="mono small">{formatDateTime(delivery.createdAt)}</td>
                  <td>{nameOf.get(delivery.webhookId) ?? '–'}</td>
                  <td>
                    <Badge tone={delivery.status === 'delivered' ? 'good' : delivery.status === 'failed' ? 'bad' : 'info'}>{delivery.status}</Badge>
                  </td>
                  <td className="num">{delivery.attempts}</td>
                  <td className="num">{delivery.responseStatus ?? '–'}</td>
                  <td className="small">{delivery.error ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </Card>
  );
}

export default async function AlertsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const context = await pageContext(Promise.resolve(params));
  if (!hasProject(context)) return <NoProject isAdmin={context.scope.user.role === 'admin'} />;
  const { scope, filters } = context;
  const editId = typeof params.edit === 'string' ? params.edit : undefined;
  return (
    <div className="page">
      <PageHeader title="Alerts" subtitle={`Rules and events of project ${scope.project.name}.`} />
      <Suspense fallback={<TableSkeleton />}>
        <Rules projectId={scope.project.id} filters={filters} editId={editId} />
      </Suspense>
      <Suspense fallback={<TableSkeleton />}>
        <Events projectId={scope.project.id} />
      </Suspense>
      <Suspense fallback={<TableSkeleton />}>
        <Webhooks projectId={scope.project.id} />
      </Suspense>
    </div>
  );
}
