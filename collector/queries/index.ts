/**
 * The query module: every read model of the dashboard and the read API, one
 * async function per screen. Each takes the database and an input validated by
 * the schema of the same name in `inputs.ts`, and returns plain JSON.
 *
 * (First commit: signatures only, so the dashboard can build against them;
 * the bodies land next.)
 */
import type { Database } from '../db/client.ts';
import type * as In from './inputs.ts';
import type * as Out from './results.ts';

export * from './inputs.ts';
export type * from './results.ts';

const notYet = (name: string) => () => Promise.reject(new Error(`${name}: not implemented yet`));

export const getOverview: (db: Database, input: In.OverviewInput) => Promise<Out.Overview> = notYet('getOverview');
export const listTools: (db: Database, input: In.ToolsListInput) => Promise<Out.ToolsList> = notYet('listTools');
export const getToolDetail: (db: Database, input: In.ToolDetailInput) => Promise<Out.ToolDetail | null> = notYet('getToolDetail');
export const getErrorTaxonomy: (db: Database, input: In.ErrorTaxonomyInput) => Promise<Out.ErrorTaxonomy> = notYet('getErrorTaxonomy');
export const getRetriesAndRefusals: (db: Database, input: In.RetriesAndRefusalsInput) => Promise<Out.RetriesAndRefusals> = notYet('getRetriesAndRefusals');
export const listIncidents: (db: Database, input: In.IncidentsInput) => Promise<Out.IncidentsList> = notYet('listIncidents');
export const listRuns: (db: Database, input: In.RunsInput) => Promise<Out.RunsList> = notYet('listRuns');
export const getRun: (db: Database, input: In.RunDetailInput) => Promise<Out.RunDetail | null> = notYet('getRun');
export const listContracts: (db: Database, input: In.ProjectInput) => Promise<Out.ContractItem[]> = notYet('listContracts');
export const listAlertRules: (db: Database, input: In.ProjectInput) => Promise<Out.AlertRuleItem[]> = notYet('listAlertRules');
export const listAlertEvents: (db: Database, input: In.AlertEventsInput) => Promise<Out.AlertEventItem[]> = notYet('listAlertEvents');
export const listWebhooks: (db: Database, input: In.ProjectInput) => Promise<Out.WebhookItem[]> = notYet('listWebhooks');
export const listWebhookDeliveries: (db: Database, input: In.WebhookDeliveriesInput) => Promise<Out.WebhookDeliveryItem[]> = notYet('listWebhookDeliveries');
