/**
 * The overview's widgets. Each reads its own data (the overview read model is
 * cached per request, so four widgets cost one query) and sits in its own
 * Suspense boundary on the page.
 */
import Link from 'next/link';
import { AccuracyVolumeChart } from '../_components/charts/accuracy-volume-chart.tsx';
import { CategoryChart } from '../_components/charts/category-chart.tsx';
import { Badge, Card, EmptyState, Stat, WidgetError } from '../_components/ui.tsx';
import { categoryColor } from '../_lib/colors.ts';
import { filterInput, getOverview, listAlertEvents, listAlertRules, listIncidents, settle } from '../_lib/data.ts';
import { hrefWithFilters, type DashboardFilters } from '../_lib/filters.ts';
import { formatCount, formatDateTime, formatMs, formatPercent, formatRelative } from '../_lib/format.ts';

export interface WidgetProps {
  projectId: string;
  filters: DashboardFilters;
}

function accuracyTone(rate: number | null) {
  if (rate === null) return 'neutral' as const;
  return rate >= 0.95 ? ('good' as const) : rate >= 0.85 ? ('warn' as const) : ('bad' as const);
}

export async function OverviewStats({ projectId, filters }: WidgetProps) {
  const result = await settle(getOverview(filterInput(projectId, filters)));
  if (!result.ok) return <WidgetError message={result.error} />;
  const t = result.value.totals;
  return (
    <div className="stat-grid" data-testid="overview-stats">
      <Stat label="Tool calls" value={formatCount(t.calls)} testId="stat-calls" />
      <Stat label="Accuracy" value={formatPercent(t.accuracyRate)} tone={accuracyTone(t.accuracyRate)} hint="successful / all calls" testId="stat-accuracy" />
      <Stat label="Failures" value={formatCount(t.failures)} tone={t.failures > 0 ? 'bad' : 'neutral'} testId="stat-failures" />
      <Stat label="Latency p50" value={formatMs(t.p50Ms)} testId="stat-p50" />
      <Stat label="Latency p95" value={formatMs(t.p95Ms)} testId="stat-p95" />
      <Stat label="Retries" value={formatCount(t.retries)} hint={t.calls ? `${formatPercent(t.retries / t.calls)} of calls` : undefined} testId="stat-retries" />
      <Stat label="Refusal rate" value={formatPercent(t.refusalRate)} hint={`${formatCount(t.refusalsTotal)} refusals`} testId="stat-refusals" />
    </div>
  );
}

export async function AccuracyPanel({ projectId, filters }: WidgetProps) {
  const result = await settle(getOverview(filterInput(projectId, filters)));
  return (
    <Card title="Accuracy and volume" subtitle="Share of tool calls that succeeded (line, right axis) and calls per bucket (bars, left axis). UTC." testId="accuracy-panel">
      {result.ok ? <AccuracyVolumeChart points={result.value.series} bucketSeconds={result.value.bucketSeconds} /> : <WidgetError message={result.error} />}
    </Card>
  );
}

export async function CategoryPanel({ projectId, filters }: WidgetProps) {
  const result = await settle(getOverview(filterInput(projectId, filters)));
  return (
    <Card
      title="Failures by category"
      subtitle="Where in the loop calls fail: choosing the tool, its arguments, running it, the protocol, or orchestration."
      action={<Link href={hrefWithFilters('/errors', filters)} className="small">Error taxonomy →</Link>}
      testId="category-panel"
    >
      {result.ok ? <CategoryChart data={result.value.failuresByCategory} /> : <WidgetError message={result.error} />}
    </Card>
  );
}

export async function ProblemToolsPanel({ projectId, filters }: WidgetProps) {
  // The same input as the other overview widgets, so the per-request cache serves all four with one read.
  const result = await settle(getOverview(filterInput(projectId, filters)));
  return (
    <Card
      title="Problem tools"
      subtitle="Ranked by the lower 95% bound of the failure rate, so a tool with 1 failure in 2 calls does not top the list."
      action={<Link href={hrefWithFilters('/tools', filters)} className="small">All tools →</Link>}
      testId="problem-tools"
    >
      {!result.ok ? (
        <WidgetError message={result.error} />
      ) : result.value.problemTools.length === 0 ? (
        <EmptyState title="No tool calls in this range" />
      ) : (
        <table className="table compact">
          <thead>
            <tr>
              <th>Tool</th>
              <th className="num">Calls</th>
              <th className="num">Failure rate</th>
              <th className="num" title="Wilson 95% lower bound">≥ (95%)</th>
              <th className="num">p95</th>
            </tr>
          </thead>
          <tbody>
            {result.value.problemTools.map((tool) => (
              <tr key={tool.tool}>
                <td className="ellipsis" title={tool.tool}>
                  <Link href={hrefWithFilters(`/tools/${encodeURIComponent(tool.tool)}`, filters, { tool: undefined })} className="mono">
                    {tool.tool}
                  </Link>
                </td>
                <td className="num">{formatCount(tool.calls)}</td>
                <td className="num">{formatPercent(tool.failureRate)}</td>
                <td className="num muted">{formatPercent(tool.failureRateLowerBound)}</td>
                <td className="num">{formatMs(tool.p95Ms)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

export async function RecentIncidentsPanel({ projectId, filters }: WidgetProps) {
  const result = await settle(listIncidents({ ...filterInput(projectId, filters), limit: 6 }));
  return (
    <Card
      title="Recent incidents"
      subtitle="Loops and contract violations, newest first."
      action={<Link href={hrefWithFilters('/incidents', filters)} className="small">All incidents →</Link>}
      testId="recent-incidents"
    >
      {!result.ok ? (
        <WidgetError message={result.error} />
      ) : result.value.incidents.length === 0 ? (
        <EmptyState title="No incidents in this range" />
      ) : (
        <ul className="list">
          {result.value.incidents.map((incident) => (
            <li key={incident.id}>
              <Link href={hrefWithFilters(`/runs/${incident.traceId}`, filters)} className="list-row">
                <Badge tone={incident.kind === 'loop' ? 'warn' : 'info'}>{incident.type.replaceAll('_', ' ')}</Badge>
                <span className="list-main">{incident.message}</span>
                <span className="muted small" title={formatDateTime(incident.startedAt)}>
                  {formatRelative(incident.startedAt)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export async function AlertsPanel({ projectId, filters }: WidgetProps) {
  const [rules, events] = await Promise.all([
    settle(listAlertRules({ projectId })),
    settle(listAlertEvents({ projectId, limit: 5 })),
  ]);
  const firing = rules.ok ? rules.value.filter((rule) => rule.enabled && rule.state === 'firing') : [];
  return (
    <Card
      title="Alerts"
      subtitle={rules.ok ? `${firing.length} firing of ${rules.value.length} rules` : undefined}
      action={<Link href={hrefWithFilters('/alerts', filters)} className="small">Manage →</Link>}
      testId="alerts-panel"
    >
      {!rules.ok ? (
        <WidgetError message={rules.error} />
      ) : firing.length === 0 ? (
        <p className="ok-line">
          <span className="dot good" aria-hidden /> Nothing is firing.
        </p>
      ) : (
        <ul className="list">
          {firing.map((rule) => (
            <li key={rule.id} className="list-row">
              <Badge tone="bad">firing</Badge>
              <span className="list-main">{rule.name}</span>
              <span className="muted small">{rule.lastFiredAt ? formatRelative(rule.lastFiredAt) : ''}</span>
            </li>
          ))}
        </ul>
      )}
      {events.ok && events.value.length > 0 ? (
        <>
          <h3 className="subhead">Latest events</h3>
          <ul className="list">
            {events.value.map((event) => (
              <li key={event.id} className="list-row">
                <Badge tone={event.kind === 'firing' ? 'bad' : 'good'}>{event.kind}</Badge>
                <span className="list-main">{event.ruleName}</span>
                <span className="muted small">{formatRelative(event.createdAt)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}

/** A legend chip for a category, used by tables that list categories. */
export function CategoryChip({ category }: { category: string }) {
  return (
    <span className="chip">
      <span className="dot" style={{ background: categoryColor(category) }} aria-hidden /> {category}
    </span>
  );
}
