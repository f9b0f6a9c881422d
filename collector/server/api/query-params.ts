/**
 * Shared query-string parsing for the read API: a time range (`from`/`to`,
 * ISO 8601, default the last 24 hours) and a 400 that names the bad parameter.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

const DAY_MS = 24 * 60 * 60 * 1000;

export const TimeRangeQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 time, e.g. 2026-11-21T00:00:00Z' }).optional(),
    to: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 time, e.g. 2026-11-21T00:00:00Z' }).optional(),
  })
  .transform((q) => {
    const to = q.to ? new Date(q.to) : new Date();
    const from = q.from ? new Date(q.from) : new Date(to.getTime() - DAY_MS);
    return { from, to };
  })
  .refine((r) => r.from < r.to, { message: '`from` must be before `to`', path: ['from'] });

/** Parses `query` with `schema`, or answers 400 naming each bad parameter and returns undefined. */
export function parseQuery<T extends z.ZodType>(schema: T, query: unknown, reply: FastifyReply): z.output<T> | undefined {
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.message}`);
  void reply.code(400).send({ error: `invalid query: ${problems.join('; ')}` });
  return undefined;
}
