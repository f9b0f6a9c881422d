/** GET /api/v1/tool-calls: stored tool-call records, filtered and paginated. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { InvalidCursorError, listToolCalls } from '../../queries/tool-call-list.ts';
import type { ServerDeps } from '../deps.ts';
import { requireReadKey } from '../read-auth.ts';
import { parseQuery, TimeRangeQuerySchema } from './query-params.ts';

const QuerySchema = z.intersection(
  TimeRangeQuerySchema,
  z.object({
    tool: z.string().min(1).optional(),
    agent: z.string().min(1).optional(),
    outcome: z.enum(['success', 'failure']).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
    cursor: z.string().min(1).optional(),
  }),
);

export function registerToolCallRoutes(app: FastifyInstance, deps: ServerDeps): void {
  app.get('/api/v1/tool-calls', { preHandler: requireReadKey(deps) }, async (request, reply) => {
    const query = parseQuery(QuerySchema, request.query, reply);
    if (!query) return reply;
    try {
      return await listToolCalls(deps.db, { projectId: request.projectId, ...query });
    } catch (error) {
      if (error instanceof InvalidCursorError) return reply.code(400).send({ error: error.message });
      throw error;
    }
  });
}
