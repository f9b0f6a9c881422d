/**
 * GET /api/v1/overview, /api/v1/tools/:name, /api/v1/errors and
 * /api/v1/retries: the analytics read models, as the dashboard sees them.
 */
import type { FastifyInstance } from 'fastify';
import {
  ErrorTaxonomyInputSchema,
  getErrorTaxonomy,
  getOverview,
  getRetriesAndRefusals,
  getToolDetail,
  OverviewInputSchema,
  RetriesAndRefusalsInputSchema,
  ToolDetailInputSchema,
} from '../../queries/index.ts';
import type { ServerDeps } from '../deps.ts';
import { requireReadKey } from '../read-auth.ts';
import { parseInput, withDefaultRange } from './request-input.ts';

export function registerAnalyticsRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const preHandler = requireReadKey(deps);

  app.get('/api/v1/overview', { preHandler }, async (request, reply) => {
    const input = parseInput(OverviewInputSchema, { ...withDefaultRange(request.query), projectId: request.projectId }, reply);
    if (!input) return reply;
    return getOverview(deps.db, input);
  });

  app.get<{ Params: { name: string } }>('/api/v1/tools/:name', { preHandler }, async (request, reply) => {
    const input = parseInput(
      ToolDetailInputSchema,
      { ...withDefaultRange(request.query), tool: request.params.name, projectId: request.projectId },
      reply,
    );
    if (!input) return reply;
    return getToolDetail(deps.db, input);
  });

  app.get('/api/v1/errors', { preHandler }, async (request, reply) => {
    const input = parseInput(ErrorTaxonomyInputSchema, { ...withDefaultRange(request.query), projectId: request.projectId }, reply);
    if (!input) return reply;
    return getErrorTaxonomy(deps.db, input);
  });

  app.get('/api/v1/retries', { preHandler }, async (request, reply) => {
    const input = parseInput(
      RetriesAndRefusalsInputSchema,
      { ...withDefaultRange(request.query), projectId: request.projectId },
      reply,
    );
    if (!input) return reply;
    return getRetriesAndRefusals(deps.db, input);
  });
}
