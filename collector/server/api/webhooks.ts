/**
 * Webhooks that receive alert events: GET/POST /api/v1/webhooks,
 * PATCH/DELETE /api/v1/webhooks/:id, GET /api/v1/webhooks/:id/deliveries
 * (the delivery log). Secrets are write-only: responses say only `signed`.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createWebhook, CreateWebhookInputSchema, deleteWebhook, updateWebhook, UpdateWebhookInputSchema } from '../../alerts/webhooks.ts';
import { listWebhookDeliveries, listWebhooks, WebhookDeliveriesInputSchema } from '../../queries/index.ts';
import type { ServerDeps } from '../deps.ts';
import { requireReadKey } from '../read-auth.ts';
import { asObject, notFound, parseInput } from './request-input.ts';

const IdSchema = z.object({ id: z.uuid({ message: 'must be a webhook id (uuid)' }) });

export function registerWebhookRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const preHandler = requireReadKey(deps);

  app.get('/api/v1/webhooks', { preHandler }, async (request) => ({ webhooks: await listWebhooks(deps.db, { projectId: request.projectId }) }));

  app.post('/api/v1/webhooks', { preHandler }, async (request, reply) => {
    const input = parseInput(CreateWebhookInputSchema, { ...asObject(request.body), projectId: request.projectId }, reply, 'body');
    if (!input) return reply;
    return reply.code(201).send(await createWebhook(deps.db, input));
  });

  app.patch<{ Params: { id: string } }>('/api/v1/webhooks/:id', { preHandler }, async (request, reply) => {
    const params = parseInput(IdSchema, request.params, reply);
    if (!params) return reply;
    const changes = parseInput(UpdateWebhookInputSchema, asObject(request.body), reply, 'body');
    if (!changes) return reply;
    return (await updateWebhook(deps.db, request.projectId, params.id, changes)) ?? notFound(reply, 'webhook');
  });

  app.delete<{ Params: { id: string } }>('/api/v1/webhooks/:id', { preHandler }, async (request, reply) => {
    const params = parseInput(IdSchema, request.params, reply);
    if (!params) return reply;
    return (await deleteWebhook(deps.db, request.projectId, params.id)) ? reply.code(204).send() : notFound(reply, 'webhook');
  });

  app.get<{ Params: { id: string } }>('/api/v1/webhooks/:id/deliveries', { preHandler }, async (request, reply) => {
    const input = parseInput(
      WebhookDeliveriesInputSchema,
      { ...asObject(request.query), webhookId: request.params.id, projectId: request.projectId },
      reply,
    );
    if (!input) return reply;
    return { deliveries: await listWebhookDeliveries(deps.db, input) };
  });
}
