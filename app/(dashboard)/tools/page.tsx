import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { FilterBar } from '../../_components/filter-bar.tsx';
import { NoProject } from '../../_components/no-project.tsx';
import { Card, EmptyState, InlineBar, PageHeader, TableSkeleton, WidgetError } from '../../_components/ui.tsx';
import { filterInput, listTools, settle } from '../../_lib/data.ts';
import { filterQuery, hrefWithFilters, type DashboardFilters, type SearchParams } from '../../_lib/filters.ts';
import { formatCount, formatMs, formatPercent } from '../../_lib/format.ts';
import { hasProject, pageContext } from '../../_lib/page-context.ts';
import type { ToolSort } from '../../../collector/queries/index.ts';

export const metadata: Metadata = { title: 'Tools · Toolscope' };

const SORTS: { key: ToolSort; label: string; numeric: boolean }[] = [
  { key: 'name', label: 'Tool', numeric: false },
  { key: 'calls', label: 'Calls', numeric: true },
  { key: 'failures', label: 'Failures', numeric: true },
  { key: 'problem', label: 'Failure rate (≥95%)', numeric: true },
  { key: 'p95', label: 'p95', numeric: true },
];

function parseSort(value: string | string[] | undefined): ToolSort {
  return SORTS.some((s) => s.key === value) ? (value as ToolSort) : 'problem';
}

async function ToolsTable({ projectId, filters, sort }: { projectId: string; filters: DashboardFilters; sort: ToolSort }) {
  const result = await settle(listTools({ ...filterInput(projectId, filters), sort }));
  if (!result.ok) return <WidgetError message={result.error} />;
  const tools = result.value.tools;
  if (tools.length === 0) return <EmptyState title="No tool calls match these filters" />;
  const maxRate = Math.max(...tools.map((t) => t.failureRate ?? 0));
  const header = (key: ToolSort, label: string, numeric: boolean) => (
    <th className={numeric ? 'num' : undefined} key={key}>
      <Link href={hrefWithFilters('/tools', filters, { sort: key === 'problem' ? undefined : key })} className={sort === key ? 'sort active' : 'sort'}>
        {label}
        {sort === key ? ' ▾' : ''}
      </Link>
    </th>
  );
  return (
    <Card testId="tools-table">
      <table className="table">
        <thead>
          <tr>
            {header('name', 'Tool', false)}
            {header('calls', 'Calls', true)}
            {header('failures', 'Failures', true)}
            <th className="num">Accuracy</th>
            {header('problem', 'Failure rate', true)}
            <th className="num" title="Wilson 95% lower bound of the failure rate: what the ranking uses">≥ (95%)</th>
            <th className="num">p50</th>
            {header('p95', 'p95', true)}
            <th className="num">Retries</th>
            <th className="num">Refusals</th>
          </tr>
        </thead>
        <tbody>
          {tools.map((tool) => (
            <tr key={tool.tool} data-tool={tool.tool}>
              <td>
                <Link href={hrefWithFilters(`/tools/${encodeURIComponent(tool.tool)}`, filters, { tool: undefined })} className="mono">
                  {tool.tool}
                </Link>
              </td>
              <td className="num" data-col="calls">{formatCount(tool.calls)}</td>
              <td className="num" data-col="failures">{formatCount(tool.failures)}</td>
              <td className="num">{formatPercent(tool.accuracyRate)}</td>
              <td className="num">
                {formatPercent(tool.failureRate)}
                <InlineBar value={tool.failureRate ?? 0} max={maxRate} />
              </td>
              <td className="num muted">{formatPercent(tool.failureRateLowerBound)}</td>
              <td className="num">{formatMs(tool.p50Ms)}</td>
              <td className="num">{formatMs(tool.p95Ms)}</td>
              <td className="num">{formatCount(tool.retries)}</td>
              <td className="num">{formatCount(tool.refusals)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

export default async function ToolsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const context = await pageContext(Promise.resolve(params));
  if (!hasProject(context)) return <NoProject isAdmin={context.scope.user.role === 'admin'} />;
  const { scope, filters } = context;
  const sort = parseSort(params.sort);
  return (
    <div className="page">
      <PageHeader title="Tools" subtitle="Every tool your agents called, worst first: ranked by how sure we are that it fails often." />
      <FilterBar scope={scope} filters={filters} />
      <Suspense key={`${filterQuery(filters)}${sort}`} fallback={<TableSkeleton rows={8} />}>
        <ToolsTable projectId={scope.project.id} filters={filters} sort={sort} />
      </Suspense>
    </div>
  );
}
