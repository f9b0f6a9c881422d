import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { FilterBar } from '../../_components/filter-bar.tsx';
import { NoProject } from '../../_components/no-project.tsx';
import { Badge, Card, EmptyState, PageHeader, TableSkeleton, WidgetError } from '../../_components/ui.tsx';
import { filterInput, listIncidents, settle } from '../../_lib/data.ts';
import { filterQuery, hrefWithFilters, type DashboardFilters, type SearchParams } from '../../_lib/filters.ts';
import { formatCount, formatDateTime, formatMs, shortId } from '../../_lib/format.ts';
import { hasProject, pageContext } from '../../_lib/page-context.ts';

export const metadata: Metadata = { title: 'Incidents · Toolscope' };

type Kind = 'loop' | 'contract' | undefined;

async function IncidentsTable({ projectId, filters, kind, before }: { projectId: string; filters: DashboardFilters; kind: Kind; before: string | undefined }) {
  const result = await settle(listIncidents({ ...filterInput(projectId, filters), kind, before, limit: 50 }));
  if (!result.ok) return <WidgetError message={result.error} />;
  const { incidents, nextBefore } = result.value;
  if (incidents.length === 0) return <EmptyState title="No incidents in this range">No loops or contract violations were detected.</EmptyState>;
  return (
    <Card testId="incidents-table">
      <table className="table">
        <thead>
          <tr>
            <th>Started (UTC)</th>
            <th>Kind</th>
            <th>Type</th>
            <th>What happened</th>
            <th>Agent</th>
            <th>Tools</th>
            <th className="num">Calls</th>
            <th className="num">Wasted</th>
            <th>Run</th>
          </tr>
        </thead>
        <tbody>
          {incidents.map((incident) => (
            <tr key={incident.id}>
              <td className="mono small">{formatDateTime(incident.startedAt)}</td>
              <td><Badge tone={incident.kind === 'loop' ? 'warn' : 'info'}>{incident.kind}</Badge></td>
              <td className="mono small">{incident.type}</td>
              <td>
                {incident.message}
                {incident.source === 'sdk' ? <span className="muted small"> · reported by the SDK</span> : null}
              </td>
              <td className="small">{incident.agent ?? '–'}</td>
              <td className="mono small">{incident.tools.join(', ')}</td>
              <td className="num">{formatCount(incident.length)}</td>
              <td className="num">{formatMs(incident.wastedMs)}</td>
              <td>
                <Link className="mono small" href={`${hrefWithFilters(`/runs/${incident.traceId}`, filters)}#incident-${incident.id}`} title={incident.traceId}>
                  {shortId(incident.traceId)} →
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {nextBefore ? (
        <div className="pager">
          <Link className="button small" href={hrefWithFilters('/incidents', filters, { kind, before: nextBefore })}>
            Older →
          </Link>
        </div>
      ) : null}
    </Card>
  );
}

export default async function IncidentsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const context = await pageContext(Promise.resolve(params));
  if (!hasProject(context)) return <NoProject isAdmin={context.scope.user.role === 'admin'} />;
  const { scope, filters } = context;
  const kind: Kind = params.kind === 'loop' || params.kind === 'contract' ? params.kind : undefined;
  const before = typeof params.before === 'string' ? params.before : undefined;
  const tabs: { label: string; value: Kind }[] = [
    { label: 'All', value: undefined },
    { label: 'Loops', value: 'loop' },
    { label: 'Contract violations', value: 'contract' },
  ];
  return (
    <div className="page">
      <PageHeader title="Incidents" subtitle="Loops (the same tool again and again, identical calls, cycles, too many iterations) and contract violations. Each opens its run." />
      <FilterBar scope={scope} filters={filters} />
      <nav className="tabs">
        {tabs.map((tab) => (
          <Link key={tab.label} href={hrefWithFilters('/incidents', filters, { kind: tab.value })} className={tab.value === kind ? 'tab active' : 'tab'}>
            {tab.label}
          </Link>
        ))}
      </nav>
      <Suspense key={`${filterQuery(filters)}${kind}${before}`} fallback={<TableSkeleton rows={8} />}>
        <IncidentsTable projectId={scope.project.id} filters={filters} kind={kind} before={before} />
      </Suspense>
    </div>
  );
}
