/** GET /api/v1/tools: per tool calls, failures, accuracy rate and latency percentiles, ranked. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listTools } from '../../queries/index.ts';
import type { ServerDeps } from '../deps.ts';
import { requireReadKey } from '../read-auth.ts';
import { parseQuery, TimeRangeQuerySchema } from './query-params.ts';

const QuerySchema = z.intersection(
  TimeRangeQuerySchema,
  z.object({
    agent: z.string().min(1).optional(),
    model: z.string().min(1).optional(),
    sort: z.enum(['problem', 'calls', 'failures', 'p95', 'name']).default('calls'),
    limit: z.coerce.number().int().min(1).max(1000).default(200),
  }),
);

export function registerToolRoutes(app: FastifyInstance, deps: ServerDeps): void {
  app.get('/api/v1/tools', { preHandler: requireReadKey(deps) }, async (request, reply) => {
    const query = parseQuery(QuerySchema, request.query, reply);
    if (!query) return reply;
    return listTools(deps.db, { projectId: request.projectId, ...query });
  });
}
