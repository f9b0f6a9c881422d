/**
 * The dashboard's reads: thin, per-request-cached wrappers over the collector's
 * query module, so several widgets of one page can ask for the same read model
 * and the database answers once. No SQL here; the few Prisma reads below are
 * settings lists and existence checks, not analytics.
 */
import 'server-only';
import { cache } from 'react';
import type { z } from 'zod';
import type { Database } from '../../collector/db/client.ts';
import * as queries from '../../collector/queries/index.ts';
import type { DashboardFilters } from './filters.ts';
import { queryFilters } from './filters.ts';
import { db } from './db.ts';

/**
 * React's cache compares arguments by identity, so each call is keyed by its
 * JSON; the input is validated (and dates coerced back) by the read model's
 * own schema before the query runs.
 */
function cachedRead<S extends z.ZodType, O>(schema: S, read: (db: Database, input: z.output<S>) => Promise<O>) {
  const byKey = cache((key: string) => read(db(), schema.parse(JSON.parse(key))));
  return (input: z.input<S>): Promise<O> => byKey(JSON.stringify(input));
}

export const getOverview = cachedRead(queries.OverviewInputSchema, queries.getOverview);
export const listTools = cachedRead(queries.ToolsListInputSchema, queries.listTools);
export const getToolDetail = cachedRead(queries.ToolDetailInputSchema, queries.getToolDetail);
export const getErrorTaxonomy = cachedRead(queries.ErrorTaxonomyInputSchema, queries.getErrorTaxonomy);
export const getRetriesAndRefusals = cachedRead(queries.RetriesAndRefusalsInputSchema, queries.getRetriesAndRefusals);
export const listIncidents = cachedRead(queries.IncidentsInputSchema, queries.listIncidents);
export const listRuns = cachedRead(queries.RunsInputSchema, queries.listRuns);
export const getRun = cachedRead(queries.RunDetailInputSchema, queries.getRun);
export const listContracts = cachedRead(queries.ProjectInputSchema, queries.listContracts);
export const listAlertRules = cachedRead(queries.ProjectInputSchema, queries.listAlertRules);
export const listAlertEvents = cachedRead(queries.AlertEventsInputSchema, queries.listAlertEvents);
export const listWebhooks = cachedRead(queries.ProjectInputSchema, queries.listWebhooks);
export const listWebhookDeliveries = cachedRead(queries.WebhookDeliveriesInputSchema, queries.listWebhookDeliveries);

/** The analytics filter of a page, with dates as ISO strings so it serialises into a cache key. */
export function filterInput(projectId: string, filters: DashboardFilters) {
  return { ...queryFilters(projectId, filters), from: filters.from.toISOString(), to: filters.to.toISOString() };
}

/** Whether the project ever received a tool call: decides between onboarding and charts. */
export const projectHasData = cache(async (projectId: string): Promise<boolean> => {
  const { prisma } = db();
  const [call, span] = await Promise.all([
    prisma.toolCall.findFirst({ where: { projectId }, select: { spanId: true } }),
    prisma.runSpan.findFirst({ where: { projectId }, select: { spanId: true } }),
  ]);
  return Boolean(call ?? span);
});

export type { FilterOptions } from '../../collector/queries/index.ts';

/** How far back the pickers look for names: bounded so a 30-day view does not scan 30 days of rollups. */
const OPTIONS_LOOKBACK_MS = 24 * 60 * 60 * 1000;

const listFilterOptions = cachedRead(queries.FilterOptionsInputSchema, queries.listFilterOptions);

/**
 * Names to offer in the agent / model / tool pickers: those seen in the
 * project's rollups in the last day of the range (the selected names are
 * always offered too). A full-range scan took ~0.8 s per picker at 10M calls
 * over 30 days.
 */
export function filterOptions(projectId: string, fromIso: string, toIso: string): Promise<queries.FilterOptions> {
  const to = new Date(toIso);
  const from = new Date(Math.max(new Date(fromIso).getTime(), to.getTime() - OPTIONS_LOOKBACK_MS));
  return listFilterOptions({ projectId, from: from.toISOString(), to: to.toISOString() });
}

/** Runs a read and turns a failure into a value, so one broken widget does not blank the page. */
export async function settle<T>(read: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: string }> {
  try {
    return { ok: true, value: await read };
  } catch (error) {
    console.error('[toolscope dashboard] widget query failed:', error);
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
