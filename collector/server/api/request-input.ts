/**
 * Shared by the analytics and management routes: validate a request against
 * a query-module schema (the project always comes from the read key, never
 * from the request), default the time range to the last 24 hours, and answer
 * 400 naming each bad field.
 */
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `from`/`to` default to the last 24 hours; an explicit value is passed on as given for the schema to check. */
export function withDefaultRange(query: unknown): Record<string, unknown> {
  const q = { ...((query ?? {}) as Record<string, unknown>) };
  const to = q.to ?? new Date().toISOString();
  const from = q.from ?? new Date(new Date(String(to)).getTime() - DAY_MS).toISOString();
  return { ...q, from, to };
}

export function parseInput<T extends z.ZodType>(
  schema: T,
  value: Record<string, unknown>,
  reply: FastifyReply,
  what: 'query' | 'body' = 'query',
): z.output<T> | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join('.') || what}: ${i.message}`);
  void reply.code(400).send({ error: `invalid ${what}: ${problems.join('; ')}` });
  return undefined;
}

export const notFound = (reply: FastifyReply, what: string) => reply.code(404).send({ error: `${what} not found` });

export const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
