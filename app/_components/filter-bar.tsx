/** Loads what the pickers offer, then hands the interactive part to a client leaf. */
import { filterOptions } from '../_lib/data.ts';
import type { DashboardFilters } from '../_lib/filters.ts';
import type { ProjectScope } from '../_lib/auth.ts';
import { FilterControls } from './filter-controls.tsx';
import { Suspense } from 'react';

async function FilterBarWithOptions({
  scope,
  filters,
  showTool = true,
}: {
  scope: ProjectScope & { project: NonNullable<ProjectScope['project']> };
  filters: DashboardFilters;
  showTool?: boolean;
}) {
  const options = await filterOptions(scope.project.id, filters.from.toISOString(), filters.to.toISOString()).catch(() => ({
    agents: [],
    models: [],
    tools: [],
  }));
  return (
    <FilterControls
      projects={scope.projects.map((p) => p.name)}
      project={scope.project.name}
      range={filters.range}
      from={filters.from.toISOString()}
      to={filters.to.toISOString()}
      agent={filters.agent}
      model={filters.model}
      tool={filters.tool}
      options={options}
      showTool={showTool}
    />
  );
}

type FilterBarProps = Parameters<typeof FilterBarWithOptions>[0];

/** The bar streams in on its own, so a slow names lookup never holds back the page. */
export function FilterBar(props: FilterBarProps) {
  return (
    <Suspense fallback={<div className="filters filters-skeleton" aria-busy="true" />}>
      <FilterBarWithOptions {...props} />
    </Suspense>
  );
}
