import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { AccuracyVolumeChart } from '../../../_components/charts/accuracy-volume-chart.tsx';
import { LatencyHistogramChart } from '../../../_components/charts/latency-histogram-chart.tsx';
import { FilterBar } from '../../../_components/filter-bar.tsx';
import { NoProject } from '../../../_components/no-project.tsx';
import { Card, ChartSkeleton, EmptyState, InlineBar, PageHeader, Stat, WidgetError } from '../../../_components/ui.tsx';
import { filterInput, getToolDetail } from '../../../_lib/data.ts';
import { filterQuery, hrefWithFilters, type DashboardFilters, type SearchParams } from '../../../_lib/filters.ts';
import { formatCount, formatDateTime, formatMs, formatPercent } from '../../../_lib/format.ts';
import { hasProject, pageContext } from '../../../_lib/page-context.ts';
import { CategoryChip } from '../../overview-widgets.tsx';

type Params = Promise<{ tool: string }>;

/** Tool names may hold characters that arrive percent-encoded; a stray `%` must not crash the page. */
function toolName(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `${toolName((await params).tool)} · Tools · Toolscope` };
}

async function ToolBody({ projectId, tool, filters }: { projectId: string; tool: string; filters: DashboardFilters }) {
  let detail;
  try {
    detail = await getToolDetail({ ...filterInput(projectId, filters), tool, recentFailuresLimit: 20 });
  } catch (error) {
    return <WidgetError message={(error as Error).message} />;
  }
  if (!detail) notFound();
  const s = detail.stats;
  const maxType = Math.max(...detail.errorTypes.map((e) => e.failures), 0);
  return (
    <>
      <div className="stat-grid" data-testid="tool-stats">
        <Stat label="Calls" value={formatCount(s.calls)} testId="tool-stat-calls" />
        <Stat label="Accuracy" value={formatPercent(s.accuracyRate)} tone={s.accuracyRate !== null && s.accuracyRate < 0.9 ? 'bad' : 'good'} />
        <Stat label="Failures" value={formatCount(s.failures)} tone={s.failures ? 'bad' : 'neutral'} testId="tool-stat-failures" />
        <Stat label="Failure rate ≥ (95%)" value={formatPercent(s.failureRateLowerBound)} hint="Wilson lower bound" />
        <Stat label="Latency p50" value={formatMs(s.p50Ms)} />
        <Stat label="Latency p95" value={formatMs(s.p95Ms)} />
        <Stat label="Retries" value={formatCount(s.retries)} />
      </div>
      <div className="grid grid-2-1">
        <Card title="Accuracy over time" subtitle="Successful share of calls (line) and calls per bucket (bars). UTC.">
          <AccuracyVolumeChart points={detail.series} bucketSeconds={detail.bucketSeconds} />
        </Card>
        <Card title="Latency" subtitle={`p50 ${formatMs(s.p50Ms)} · p95 ${formatMs(s.p95Ms)}`}>
          <LatencyHistogramChart buckets={detail.latencyHistogram} />
        </Card>
      </div>
      <div className="grid grid-2">
        <Card title="Errors" subtitle="Failures by taxonomy type." action={<Link className="small" href={hrefWithFilters('/errors', filters, { tool: detail.stats.tool })}>Messages →</Link>}>
          {detail.errorTypes.length === 0 ? (
            <EmptyState title="No failures in this range" />
          ) : (
            <table className="table">
              <tbody>
                {detail.errorTypes.map((e) => (
                  <tr key={`${e.category}/${e.type}`}>
                    <td><CategoryChip category={e.category} /></td>
                    <td className="mono">{e.type}</td>
                    <td className="num">
                      {formatCount(e.failures)}
                      <InlineBar value={e.failures} max={maxType} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
        <Card title="Retries" subtitle="Why calls were retried, and how many retries then succeeded.">
          {detail.retriesByReason.length === 0 ? (
            <EmptyState title="No retries in this range" />
          ) : (
            <table className="table">
              <thead>
                <tr><th>Reason</th><th className="num">Retries</th><th className="num">Succeeded</th></tr>
              </thead>
              <tbody>
                {detail.retriesByReason.map((r) => (
                  <tr key={r.reason}>
                    <td className="mono">{r.reason}</td>
                    <td className="num">{formatCount(r.retries)}</td>
                    <td className="num">{formatCount(r.succeeded)} <span className="muted">({formatPercent(r.retries ? r.succeeded / r.retries : null)})</span></td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
      </div>
      <Card title="Recent failing calls" subtitle="Arguments are redacted of secrets and truncated. Open a call to see its whole run." testId="recent-failures">
        {detail.recentFailures.length === 0 ? (
          <EmptyState title="No failing calls in this range" />
        ) : (
          <table className="table">
            <thead>
              <tr><th>When (UTC)</th><th>Error</th><th>Message</th><th>Arguments</th><th>Agent</th><th className="num">Attempt</th><th className="num">Took</th></tr>
            </thead>
            <tbody>
              {detail.recentFailures.map((call) => (
                <tr key={call.spanId}>
                  <td className="mono small" style={{ whiteSpace: 'nowrap' }}>
                    <Link href={hrefWithFilters(`/runs/${call.traceId}`, filters, { tool: undefined }) + `#span-${call.spanId}`}>{formatDateTime(call.startedAt)}</Link>
                  </td>
                  <td className="small">{call.errorCategory ? <CategoryChip category={call.errorCategory} /> : null} <span className="mono">{call.errorType}</span></td>
                  <td className="small">{call.errorMessage}</td>
                  <td><code className="small">{call.arguments}</code></td>
                  <td className="small">{call.agent ?? '–'}</td>
                  <td className="num">{call.attempt}</td>
                  <td className="num">{formatMs(call.durationMs)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </>
  );
}

export default async function ToolPage({ params, searchParams }: { params: Params; searchParams: Promise<SearchParams> }) {
  const tool = toolName((await params).tool);
  const context = await pageContext(searchParams);
  if (!hasProject(context)) return <NoProject isAdmin={context.scope.user.role === 'admin'} />;
  const { scope, filters } = context;
  return (
    <div className="page">
      <div>
        <div className="breadcrumb">
          <Link href={hrefWithFilters('/tools', filters)}>Tools</Link> /
        </div>
        <PageHeader title={<span className="mono" style={{ fontSize: 20 }}>{tool}</span>} />
      </div>
      <FilterBar scope={scope} filters={filters} showTool={false} />
      <Suspense key={filterQuery(filters)} fallback={<ChartSkeleton height={320} />}>
        <ToolBody projectId={scope.project.id} tool={tool} filters={filters} />
      </Suspense>
    </div>
  );
}
