/**
 * The query module: every read model of the dashboard and the read API, one
 * async function per screen. Each takes the database and an input validated by
 * the schema of the same name in `inputs.ts` (dates may be Date or ISO text),
 * and returns plain JSON described in `results.ts`.
 */
export * from './inputs.ts';
export type * from './results.ts';

export { getOverview } from './overview.ts';
export { listTools } from './tools.ts';
export { listFilterOptions } from './filter-options.ts';
export { getToolDetail } from './tool-detail.ts';
export { getErrorTaxonomy } from './errors.ts';
export { getRetriesAndRefusals } from './retries.ts';
export { listIncidents } from './incidents.ts';
export { listRuns, getRun } from './runs.ts';
export {
  listContracts,
  listAlertRules,
  listAlertEvents,
  listWebhooks,
  listWebhookDeliveries,
} from './settings.ts';
export { chooseBucketSeconds } from './time-buckets.ts';
export { InvalidPageCursorError } from './cursor.ts';
