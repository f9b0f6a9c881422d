/**
 * Read-API authentication: a project read key in `Authorization: Bearer …` or
 * `x-api-key`. The key decides the project; a key can never read another one.
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { keyFromHeaders } from '../auth/api-keys.ts';
import type { ServerDeps } from './deps.ts';
import { isDatabaseUnavailable } from './db-errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireReadKey`: the project the read key belongs to. */
    projectId: string;
  }
}

export function requireReadKey(deps: ServerDeps): preHandlerAsyncHookHandler {
  return async function checkReadKey(request: FastifyRequest, reply: FastifyReply) {
    let key;
    try {
      key = await deps.keys.authenticate(keyFromHeaders(request.headers), 'read');
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        return reply.code(503).header('retry-after', '5').send({ error: 'database unavailable, retry shortly' });
      }
      throw error;
    }
    if (!key) {
      return reply.code(401).send({
        error: 'a valid read key is required: send `Authorization: Bearer <key>` (create one with `toolscope keys create --project NAME --scope read`)',
      });
    }
    request.projectId = key.projectId;
  };
}
