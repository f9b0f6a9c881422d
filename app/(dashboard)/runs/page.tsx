import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { FilterBar } from '../../_components/filter-bar.tsx';
import { NoProject } from '../../_components/no-project.tsx';
import { Badge, Card, EmptyState, PageHeader, TableSkeleton, WidgetError } from '../../_components/ui.tsx';
import { filterInput, listRuns, settle } from '../../_lib/data.ts';
import { filterQuery, hrefWithFilters, type DashboardFilters, type SearchParams } from '../../_lib/filters.ts';
import { formatCount, formatDateTime, formatMs, shortId } from '../../_lib/format.ts';
import { hasProject, pageContext } from '../../_lib/page-context.ts';

export const metadata: Metadata = { title: 'Runs · Toolscope' };

interface RunsView {
  failedOnly: boolean;
  withIncidents: boolean;
  before: string | undefined;
}

async function RunsTable({ projectId, filters, view }: { projectId: string; filters: DashboardFilters; view: RunsView }) {
  const result = await settle(listRuns({ ...filterInput(projectId, filters), ...view, limit: 50 }));
  if (!result.ok) return <WidgetError message={result.error} />;
  const { runs, nextBefore } = result.value;
  if (runs.length === 0) return <EmptyState title="No runs match these filters" />;
  return (
    <Card testId="runs-table">
      <table className="table">
        <thead>
          <tr>
            <th>Run</th>
            <th>Started (UTC)</th>
            <th>Agent</th>
            <th>Session</th>
            <th className="num">Tool calls</th>
            <th className="num">Failures</th>
            <th className="num">Incidents</th>
            <th className="num">Duration</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.traceId}>
              <td>
                <Link className="mono" href={hrefWithFilters(`/runs/${run.traceId}`, filters)} title={run.traceId}>
                  {shortId(run.traceId, 12)}
                </Link>
              </td>
              <td className="mono small">{formatDateTime(run.startedAt)}</td>
              <td>{run.agent ?? '–'}</td>
              <td className="mono small">{run.sessionId ? shortId(run.sessionId, 12) : '–'}</td>
              <td className="num">{formatCount(run.toolCalls)}</td>
              <td className="num">{run.failures ? <span className="tone-text-bad">{formatCount(run.failures)}</span> : '0'}</td>
              <td className="num">{run.incidents ? <Badge tone="warn">{run.incidents}</Badge> : '0'}</td>
              <td className="num">{formatMs(run.durationMs)}</td>
              <td>{run.complete ? <Badge>complete</Badge> : <Badge tone="info">in progress</Badge>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {nextBefore ? (
        <div className="pager">
          <Link
            className="button small"
            href={hrefWithFilters('/runs', filters, {
              failed: view.failedOnly ? '1' : undefined,
              incidents: view.withIncidents ? '1' : undefined,
              before: nextBefore,
            })}
          >
            Older →
          </Link>
        </div>
      ) : null}
    </Card>
  );
}

export default async function RunsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const context = await pageContext(Promise.resolve(params));
  if (!hasProject(context)) return <NoProject isAdmin={context.scope.user.role === 'admin'} />;
  const { scope, filters } = context;
  const view: RunsView = {
    failedOnly: params.failed === '1',
    withIncidents: params.incidents === '1',
    before: typeof params.before === 'string' ? params.before : undefined,
  };
  const toggle = (key: 'failed' | 'incidents', on: boolean, label: string) => (
    <Link
      className={on ? 'tab active' : 'tab'}
      href={hrefWithFilters('/runs', filters, {
        failed: key === 'failed' ? (on ? undefined : '1') : view.failedOnly ? '1' : undefined,
        incidents: key === 'incidents' ? (on ? undefined : '1') : view.withIncidents ? '1' : undefined,
      })}
    >
      {on ? '✓ ' : ''}
      {label}
    </Link>
  );
  return (
    <div className="page">
      <PageHeader title="Runs" subtitle="One row per agent run (trace). Open one to see its model turns and tool calls in order." />
      <FilterBar scope={scope} filters={filters} />
      <nav className="tabs">
        {toggle('failed', view.failedOnly, 'With failures')}
        {toggle('incidents', view.withIncidents, 'With incidents')}
      </nav>
      <Suspense key={`${filterQuery(filters)}${JSON.stringify(view)}`} fallback={<TableSkeleton rows={10} />}>
        <RunsTable projectId={scope.project.id} filters={filters} view={view} />
      </Suspense>
    </div>
  );
}
