/** The read API under /api/v1: one line per route module. */
import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../deps.ts';
import { registerToolCallRoutes } from './tool-calls.ts';
import { registerToolRoutes } from './tools.ts';
import { registerAnalyticsRoutes } from './analytics.ts';
import { registerIncidentRoutes } from './incidents.ts';
import { registerRunRoutes } from './runs.ts';
import { registerContractRoutes } from './contracts.ts';
import { registerAlertRuleRoutes } from './alert-rules.ts';
import { registerWebhookRoutes } from './webhooks.ts';

export function registerApiRoutes(app: FastifyInstance, deps: ServerDeps): void {
  registerToolCallRoutes(app, deps);
  registerToolRoutes(app, deps);
  registerAnalyticsRoutes(app, deps);
  registerIncidentRoutes(app, deps);
  registerRunRoutes(app, deps);
  registerContractRoutes(app, deps);
  registerAlertRuleRoutes(app, deps);
  registerWebhookRoutes(app, deps);
}
