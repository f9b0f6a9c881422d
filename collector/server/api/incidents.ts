/** GET /api/v1/incidents: loops and contract violations, newest first (filter by kind, type, tool, agent, trace). */
import type { FastifyInstance } from 'fastify';
import { IncidentsInputSchema, listIncidents, InvalidPageCursorError } from '../../queries/index.ts';
import type { ServerDeps } from '../deps.ts';
import { requireReadKey } from '../read-auth.ts';
import { parseInput, withDefaultRange } from './request-input.ts';

export function registerIncidentRoutes(app: FastifyInstance, deps: ServerDeps): void {
  app.get('/api/v1/incidents', { preHandler: requireReadKey(deps) }, async (request, reply) => {
    const input = parseInput(IncidentsInputSchema, { ...withDefaultRange(request.query), projectId: request.projectId }, reply);
    if (!input) return reply;
    try {
      return await listIncidents(deps.db, input);
    } catch (error) {
      if (error instanceof InvalidPageCursorError) return reply.code(400).send({ error: error.message });
      throw error;
    }
  });
}
