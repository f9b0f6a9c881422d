import type { Metadata } from 'next';
import { Suspense } from 'react';
import { FilterBar } from '../_components/filter-bar.tsx';
import { NoProject } from '../_components/no-project.tsx';
import { Onboarding } from '../_components/onboarding.tsx';
import { ChartSkeleton, PageHeader, StatsSkeleton, TableSkeleton } from '../_components/ui.tsx';
import { projectHasData } from '../_lib/data.ts';
import { filterQuery, type SearchParams } from '../_lib/filters.ts';
import { hasProject, pageContext } from '../_lib/page-context.ts';
import { AccuracyPanel, AlertsPanel, CategoryPanel, OverviewStats, ProblemToolsPanel, RecentIncidentsPanel } from './overview-widgets.tsx';

export const metadata: Metadata = { title: 'Overview · Toolscope' };

export default async function OverviewPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const context = await pageContext(searchParams);
  if (!hasProject(context)) return <NoProject isAdmin={context.scope.user.role === 'admin'} />;
  const { scope, filters } = context;
  const project = scope.project;
  const widget = { projectId: project.id, filters };
  // Keyed by the view, so a filter change shows skeletons while a timed refresh does not.
  const viewKey = filterQuery(filters);
  return (
    <div className="page">
      <PageHeader title="Overview" subtitle="How well your agents' tool calls are going." />
      <FilterBar scope={{ ...scope, project }} filters={filters} />
      {(await projectHasData(project.id)) ? (
        <>
          <Suspense key={`stats${viewKey}`} fallback={<StatsSkeleton count={7} />}>
            <OverviewStats {...widget} />
          </Suspense>
          <div className="grid grid-2-1">
            <Suspense key={`acc${viewKey}`} fallback={<ChartSkeleton />}>
              <AccuracyPanel {...widget} />
            </Suspense>
            <Suspense key={`cat${viewKey}`} fallback={<ChartSkeleton />}>
              <CategoryPanel {...widget} />
            </Suspense>
          </div>
          <div className="grid grid-overview-bottom">
            <Suspense key={`tools${viewKey}`} fallback={<TableSkeleton />}>
              <ProblemToolsPanel {...widget} />
            </Suspense>
            <Suspense key={`inc${viewKey}`} fallback={<TableSkeleton />}>
              <RecentIncidentsPanel {...widget} />
            </Suspense>
            <Suspense key={`alerts${viewKey}`} fallback={<TableSkeleton />}>
              <AlertsPanel {...widget} />
            </Suspense>
          </div>
        </>
      ) : (
        <Onboarding projectId={project.id} projectName={project.name} />
      )}
    </div>
  );
}
