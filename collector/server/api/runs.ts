/** GET /api/v1/runs (a page of runs) and GET /api/v1/runs/:traceId (one run's ordered timeline). */
import type { FastifyInstance } from 'fastify';
import { getRun, listRuns, RunDetailInputSchema, RunsInputSchema, InvalidPageCursorError } from '../../queries/index.ts';
import type { ServerDeps } from '../deps.ts';
import { requireReadKey } from '../read-auth.ts';
import { notFound, parseInput, withDefaultRange } from './request-input.ts';

export function registerRunRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const preHandler = requireReadKey(deps);

  app.get('/api/v1/runs', { preHandler }, async (request, reply) => {
    const input = parseInput(RunsInputSchema, { ...withDefaultRange(request.query), projectId: request.projectId }, reply);
    if (!input) return reply;
    try {
      return await listRuns(deps.db, input);
    } catch (error) {
      if (error instanceof InvalidPageCursorError) return reply.code(400).send({ error: error.message });
      throw error;
    }
  });

  app.get<{ Params: { traceId: string } }>('/api/v1/runs/:traceId', { preHandler }, async (request, reply) => {
    const input = parseInput(RunDetailInputSchema, { traceId: request.params.traceId, projectId: request.projectId }, reply);
    if (!input) return reply;
    const run = await getRun(deps.db, input);
    return run ?? notFound(reply, 'run');
  });
}
