/** What every analytics page starts from: who, which project, which view. */
import 'server-only';
import { requireProjectScope, type ProjectRef, type ProjectScope } from './auth.ts';
import { parseFilters, type DashboardFilters, type SearchParams } from './filters.ts';

export interface PageContext {
  scope: ProjectScope;
  filters: DashboardFilters;
}

export type ReadyContext = PageContext & { scope: ProjectScope & { project: ProjectRef } };

export async function pageContext(searchParams: Promise<SearchParams>): Promise<PageContext> {
  const filters = parseFilters(await searchParams);
  const scope = await requireProjectScope(filters.project);
  return { scope, filters };
}

export function hasProject(context: PageContext): context is ReadyContext {
  return context.scope.project !== null;
}
