/** Liveness and readiness. `/readyz` fails while Postgres is down or migrations are pending. */
import type { FastifyInstance } from 'fastify';
import { pendingMigrations } from '../db/migrate.ts';
import type { ServerDeps } from './deps.ts';

export function registerHealthRoutes(app: FastifyInstance, deps: ServerDeps): void {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    try {
      const pending = await pendingMigrations(deps.db.pool);
      if (pending.length > 0) {
        return reply.code(503).send({ status: 'not ready', reason: `pending migrations: ${pending.join(', ')}; run \`toolscope migrate\`` });
      }
      return { status: 'ready' };
    } catch (error) {
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ status: 'not ready', reason: `database unreachable: ${(error as Error).message}` });
    }
  });
}
