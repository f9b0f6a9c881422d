/**
 * The dashboard's view lives in the URL: project, time range (a preset or a
 * custom from/to), agent, model and tool. Parsing is lenient (a bad value falls
 * back to the default) because a shared link with a typo should still open.
 */
import { z } from 'zod';

export const RANGE_PRESETS = {
  '1h': 60 * 60,
  '6h': 6 * 60 * 60,
  '24h': 24 * 60 * 60,
  '7d': 7 * 24 * 60 * 60,
  '30d': 30 * 24 * 60 * 60,
} as const;
export type RangePreset = keyof typeof RANGE_PRESETS;
export const DEFAULT_RANGE: RangePreset = '24h';

export type SearchParams = Record<string, string | string[] | undefined>;

export interface DashboardFilters {
  /** Project name as written in the URL; undefined means "the first one you may see". */
  project: string | undefined;
  range: RangePreset | 'custom';
  from: Date;
  to: Date;
  agent: string | undefined;
  model: string | undefined;
  tool: string | undefined;
}

const Name = z.string().trim().min(1).max(200);
const PresetSchema = z.enum(Object.keys(RANGE_PRESETS) as [RangePreset, ...RangePreset[]]);

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function optionalName(value: string | string[] | undefined): string | undefined {
  const parsed = Name.safeParse(first(value));
  return parsed.success ? parsed.data : undefined;
}

function parseDate(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  // datetime-local inputs send `2026-11-21T09:30` without a zone: the dashboard speaks UTC.
  const withZone = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`;
  const date = new Date(withZone);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export function parseFilters(params: SearchParams, now: Date = new Date()): DashboardFilters {
  const base = {
    project: optionalName(params.project),
    agent: optionalName(params.agent),
    model: optionalName(params.model),
    tool: optionalName(params.tool),
  };
  const from = parseDate(first(params.from));
  const to = parseDate(first(params.to));
  if (from && to && from.getTime() < to.getTime()) return { ...base, range: 'custom', from, to };
  const preset = PresetSchema.safeParse(first(params.range));
  const range = preset.success ? preset.data : DEFAULT_RANGE;
  return { ...base, range, from: new Date(now.getTime() - RANGE_PRESETS[range] * 1000), to: now };
}

/** The URL query that reproduces these filters, minus defaults. */
export function filterQuery(filters: DashboardFilters, overrides: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams();
  if (filters.project) query.set('project', filters.project);
  if (filters.range === 'custom') {
    query.set('from', filters.from.toISOString());
    query.set('to', filters.to.toISOString());
  } else if (filters.range !== DEFAULT_RANGE) {
    query.set('range', filters.range);
  }
  if (filters.agent) query.set('agent', filters.agent);
  if (filters.model) query.set('model', filters.model);
  if (filters.tool) query.set('tool', filters.tool);
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined || value === '') query.delete(key);
    else query.set(key, value);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** A dashboard link that keeps the current view. */
export function hrefWithFilters(path: string, filters: DashboardFilters, overrides: Record<string, string | undefined> = {}): string {
  return `${path}${filterQuery(filters, overrides)}`;
}

/** What every analytics query takes. */
export function queryFilters(projectId: string, filters: DashboardFilters) {
  return {
    projectId,
    from: filters.from,
    to: filters.to,
    tool: filters.tool,
    agent: filters.agent,
    model: filters.model,
  };
}
