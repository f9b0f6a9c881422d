/**
 * Zod schemas of every read model's input. One schema per screen, built on
 * the shared filter (project, time range, optional tool/agent/model), so the
 * HTTP API and the dashboard validate the same way.
 */
import { z } from 'zod';

/** Optional text filter: blank means "no filter", not "empty name". */
const OptionalName = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => (value ? value : undefined));

/** Opaque keyset cursor (`<ISO time>|<id>`, see cursor.ts); a bare ISO time is accepted too. */
const PageCursor = z.string().trim().min(1).max(200).optional();

const Limit = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

/** What every analytics screen filters by. */
const filterShape = {
  projectId: z.uuid(),
  from: z.coerce.date(),
  to: z.coerce.date(),
  tool: OptionalName,
  agent: OptionalName,
  model: OptionalName,
};

const rangeIsOrdered = (input: { from: Date; to: Date }) => input.from.getTime() < input.to.getTime();
const rangeMessage = { message: '`from` must be before `to`', path: ['from'] };

export const QueryFiltersSchema = z.object(filterShape).refine(rangeIsOrdered, rangeMessage);
export type QueryFilters = z.infer<typeof QueryFiltersSchema>;

export const OverviewInputSchema = z
  .object({ ...filterShape, problemToolsLimit: Limit(5, 50) })
  .refine(rangeIsOrdered, rangeMessage);
export type OverviewInput = z.input<typeof OverviewInputSchema>;

export const ToolSortSchema = z.enum(['problem', 'calls', 'failures', 'p95', 'name']);
export type ToolSort = z.infer<typeof ToolSortSchema>;

export const ToolsListInputSchema = z
  .object({ ...filterShape, sort: ToolSortSchema.default('problem'), limit: Limit(200, 1000) })
  .refine(rangeIsOrdered, rangeMessage);
export type ToolsListInput = z.input<typeof ToolsListInputSchema>;

export const ToolDetailInputSchema = z
  .object({ ...filterShape, tool: z.string().trim().min(1).max(200), recentFailuresLimit: Limit(20, 200) })
  .refine(rangeIsOrdered, rangeMessage);
export type ToolDetailInput = z.input<typeof ToolDetailInputSchema>;

export const ErrorTaxonomyInputSchema = z
  .object({
    ...filterShape,
    category: OptionalName,
    examplesPerTemplate: Limit(3, 20),
  })
  .refine(rangeIsOrdered, rangeMessage);
export type ErrorTaxonomyInput = z.input<typeof ErrorTaxonomyInputSchema>;

export const RetriesAndRefusalsInputSchema = QueryFiltersSchema;
export type RetriesAndRefusalsInput = z.input<typeof RetriesAndRefusalsInputSchema>;

export const IncidentKindSchema = z.enum(['loop', 'contract']);
export type IncidentKind = z.infer<typeof IncidentKindSchema>;

export const IncidentsInputSchema = z
  .object({
    ...filterShape,
    kind: IncidentKindSchema.optional(),
    type: OptionalName,
    traceId: OptionalName,
    limit: Limit(50, 500),
    /** Keyset cursor: the previous page's `nextBefore`. */
    before: PageCursor,
  })
  .refine(rangeIsOrdered, rangeMessage);
export type IncidentsInput = z.input<typeof IncidentsInputSchema>;

export const RunsInputSchema = z
  .object({
    ...filterShape,
    /** Only runs with at least one failed tool call. */
    failedOnly: z
      .union([z.boolean(), z.enum(['true', 'false'])])
      .transform((value) => value === true || value === 'true')
      .default(false),
    /** Only runs with at least one incident. */
    withIncidents: z
      .union([z.boolean(), z.enum(['true', 'false'])])
      .transform((value) => value === true || value === 'true')
      .default(false),
    limit: Limit(50, 500),
    /** Keyset cursor: the previous page's `nextBefore`. */
    before: PageCursor,
  })
  .refine(rangeIsOrdered, rangeMessage);
export type RunsInput = z.input<typeof RunsInputSchema>;

export const RunDetailInputSchema = z.object({
  projectId: z.uuid(),
  traceId: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{32}$/, 'traceId is 32 hex characters')
    .transform((value) => value.toLowerCase()),
});
export type RunDetailInput = z.input<typeof RunDetailInputSchema>;

/** The names the filter pickers offer, seen in a range. */
export const FilterOptionsInputSchema = z
  .object({ projectId: z.uuid(), from: z.coerce.date(), to: z.coerce.date() })
  .refine(rangeIsOrdered, rangeMessage);
export type FilterOptionsInput = z.input<typeof FilterOptionsInputSchema>;

export const ProjectInputSchema = z.object({ projectId: z.uuid() });
export type ProjectInput = z.input<typeof ProjectInputSchema>;

export const AlertEventsInputSchema = z.object({
  projectId: z.uuid(),
  ruleId: z.uuid().optional(),
  kind: z.enum(['firing', 'resolved']).optional(),
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
  limit: Limit(50, 500),
});
export type AlertEventsInput = z.input<typeof AlertEventsInputSchema>;

export const WebhookDeliveriesInputSchema = z.object({
  projectId: z.uuid(),
  webhookId: z.uuid().optional(),
  limit: Limit(50, 500),
});
export type WebhookDeliveriesInput = z.input<typeof WebhookDeliveriesInputSchema>;
