/**
 * Alert rules and their events: GET/POST /api/v1/alert-rules,
 * GET/PATCH/DELETE /api/v1/alert-rules/:id, GET /api/v1/alert-events.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  AlertRuleError,
  createAlertRule,
  CreateAlertRuleInputSchema,
  deleteAlertRule,
  getAlertRule,
  updateAlertRule,
  UpdateAlertRuleInputSchema,
} from '../../alerts/rules.ts';
import { AlertEventsInputSchema, listAlertEvents, listAlertRules } from '../../queries/index.ts';
import type { ServerDeps } from '../deps.ts';
import { requireReadKey } from '../read-auth.ts';
import { asObject, notFound, parseInput } from './request-input.ts';

const IdSchema = z.object({ id: z.uuid({ message: 'must be a rule id (uuid)' }) });

async function answerRuleErrors<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AlertRuleError) return reply.code(400).send({ error: error.message });
    if (error instanceof z.ZodError) {
      return reply.code(400).send({ error: `invalid body: ${error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}` });
    }
    throw error;
  }
}

export function registerAlertRuleRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const preHandler = requireReadKey(deps);

  app.get('/api/v1/alert-rules', { preHandler }, async (request) => ({ rules: await listAlertRules(deps.db, { projectId: request.projectId }) }));

  app.post('/api/v1/alert-rules', { preHandler }, async (request, reply) => {
    const input = parseInput(CreateAlertRuleInputSchema, { ...asObject(request.body), projectId: request.projectId }, reply, 'body');
    if (!input) return reply;
    return answerRuleErrors(reply, async () => reply.code(201).send(await createAlertRule(deps.db, input)));
  });

  app.get<{ Params: { id: string } }>('/api/v1/alert-rules/:id', { preHandler }, async (request, reply) => {
    const params = parseInput(IdSchema, request.params, reply);
    if (!params) return reply;
    return (await getAlertRule(deps.db, request.projectId, params.id)) ?? notFound(reply, 'alert rule');
  });

  app.patch<{ Params: { id: string } }>('/api/v1/alert-rules/:id', { preHandler }, async (request, reply) => {
    const params = parseInput(IdSchema, request.params, reply);
    if (!params) return reply;
    const changes = parseInput(UpdateAlertRuleInputSchema, asObject(request.body), reply, 'body');
    if (!changes) return reply;
    return answerRuleErrors(reply, async () => (await updateAlertRule(deps.db, request.projectId, params.id, changes)) ?? notFound(reply, 'alert rule'));
  });

  app.delete<{ Params: { id: string } }>('/api/v1/alert-rules/:id', { preHandler }, async (request, reply) => {
    const params = parseInput(IdSchema, request.params, reply);
    if (!params) return reply;
    return (await deleteAlertRule(deps.db, request.projectId, params.id)) ? reply.code(204).send() : notFound(reply, 'alert rule');
  });

  app.get('/api/v1/alert-events', { preHandler }, async (request, reply) => {
    const input = parseInput(AlertEventsInputSchema, { ...asObject(request.query), projectId: request.projectId }, reply);
    if (!input) return reply;
    return { events: await listAlertEvents(deps.db, input) };
  });
}
