/**
 * Contracts of a project's agents: GET /api/v1/contracts, PUT (create or
 * replace) / PATCH (enable, disable) / DELETE /api/v1/contracts/:agent.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { deleteContract, setContractEnabled, upsertContract, UpsertContractInputSchema } from '../../analysis/contracts.ts';
import { listContracts } from '../../queries/index.ts';
import type { ServerDeps } from '../deps.ts';
import { requireReadKey } from '../read-auth.ts';
import { asObject, notFound, parseInput } from './request-input.ts';

const EnabledBodySchema = z.object({ enabled: z.boolean() });

export function registerContractRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const preHandler = requireReadKey(deps);

  app.get('/api/v1/contracts', { preHandler }, async (request) => ({ contracts: await listContracts(deps.db, { projectId: request.projectId }) }));

  app.put<{ Params: { agent: string } }>('/api/v1/contracts/:agent', { preHandler }, async (request, reply) => {
    const body = asObject(request.body);
    const input = parseInput(
      UpsertContractInputSchema,
      { definition: body.definition ?? body, enabled: body.enabled, projectId: request.projectId, agent: request.params.agent },
      reply,
      'body',
    );
    if (!input) return reply;
    const contract = await upsertContract(deps.db, input);
    return { id: contract.id, agent: contract.agent, enabled: contract.enabled, definition: contract.definition };
  });

  app.patch<{ Params: { agent: string } }>('/api/v1/contracts/:agent', { preHandler }, async (request, reply) => {
    const input = parseInput(EnabledBodySchema, asObject(request.body), reply, 'body');
    if (!input) return reply;
    const contract = await setContractEnabled(deps.db, { projectId: request.projectId, agent: request.params.agent }, input.enabled);
    if (!contract) return notFound(reply, 'contract');
    return { id: contract.id, agent: contract.agent, enabled: contract.enabled, definition: contract.definition };
  });

  app.delete<{ Params: { agent: string } }>('/api/v1/contracts/:agent', { preHandler }, async (request, reply) => {
    const deleted = await deleteContract(deps.db, { projectId: request.projectId, agent: request.params.agent });
    return deleted ? reply.code(204).send() : notFound(reply, 'contract');
  });
}
