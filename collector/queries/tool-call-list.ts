/**
 * Raw tool-call records, newest first, with keyset pagination (stable under
 * concurrent ingest, cheap at any depth, unlike OFFSET).
 */
import { z } from 'zod';
import type { Database } from '../db/client.ts';

export const ToolCallListInputSchema = z.object({
  projectId: z.uuid(),
  from: z.date(),
  to: z.date(),
  tool: z.string().min(1).optional(),
  agent: z.string().min(1).optional(),
  outcome: z.enum(['success', 'failure']).optional(),
  limit: z.number().int().min(1).max(500).default(50),
  /** Opaque cursor from a previous page's `nextCursor`. */
  cursor: z.string().optional(),
});
export type ToolCallListInput = z.input<typeof ToolCallListInputSchema>;

export interface ToolCallRow {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  toolName: string;
  callId: string | null;
  startedAt: string;
  durationMs: number;
  outcome: 'success' | 'failure';
  errorCategory: string | null;
  errorType: string | null;
  errorMessage: string | null;
  errorClass: string | null;
  arguments: string | null;
  result: string | null;
  agentName: string | null;
  modelName: string | null;
  sessionId: string | null;
  serviceName: string | null;
  source: string;
  attempt: number;
  retryReason: string | null;
  details: Record<string, unknown>;
}

export interface ToolCallPage {
  items: ToolCallRow[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

interface Cursor {
  /** started_at as Postgres prints it: text keeps every microsecond, a JS Date would not. */
  t: string;
  s: string;
  tr: string;
}

export class InvalidCursorError extends Error {
  override name = 'InvalidCursorError';
}

function decodeCursor(cursor: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Cursor;
    if (typeof value.t === 'string' && typeof value.s === 'string' && typeof value.tr === 'string') return value;
  } catch {
    // fall through
  }
  throw new InvalidCursorError('cursor is not one this API returned; start again without it');
}

export async function listToolCalls(db: Database, rawInput: ToolCallListInput): Promise<ToolCallPage> {
  const input = ToolCallListInputSchema.parse(rawInput);
  const params: unknown[] = [input.projectId, input.from, input.to];
  const where = ['project_id = $1', 'started_at >= $2', 'started_at < $3'];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (input.tool) add('tool_name = ?', input.tool);
  if (input.agent) add('agent_name = ?', input.agent);
  if (input.outcome) add('outcome = ?', input.outcome);
  if (input.cursor) {
    const cursor = decodeCursor(input.cursor);
    params.push(cursor.t, cursor.tr, cursor.s);
    const n = params.length;
    where.push(
      `(started_at, trace_id, span_id) < ($${n - 2}::timestamptz, $${n - 1}, $${n})`,
    );
  }
  params.push(input.limit + 1);
  const { rows } = await db.pool.query(
    `SELECT trace_id, span_id, parent_span_id, tool_name, call_id, started_at,
            started_at::text AS started_text,
            duration_ms, outcome, error_category, error_type, error_message, error_class,
            arguments, result, agent_name, model_name, session_id, service_name, source,
            attempt, retry_reason, details
       FROM tool_calls
      WHERE ${where.join(' AND ')}
      ORDER BY started_at DESC, trace_id DESC, span_id DESC
      LIMIT $${params.length}`,
    params,
  );
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > input.limit && last
      ? Buffer.from(JSON.stringify({ t: last.started_text, s: last.span_id, tr: last.trace_id } satisfies Cursor)).toString('base64url')
      : null;
  return {
    items: page.map((r) => ({
      traceId: r.trace_id,
      spanId: r.span_id,
      parentSpanId: r.parent_span_id,
      toolName: r.tool_name,
      callId: r.call_id,
      startedAt: (r.started_at as Date).toISOString(),
      durationMs: r.duration_ms,
      outcome: r.outcome,
      errorCategory: r.error_category,
      errorType: r.error_type,
      errorMessage: r.error_message,
      errorClass: r.error_class,
      arguments: r.arguments,
      result: r.result,
      agentName: r.agent_name,
      modelName: r.model_name,
      sessionId: r.session_id,
      serviceName: r.service_name,
      source: r.source,
      attempt: r.attempt,
      retryReason: r.retry_reason,
      details: r.details,
    })),
    nextCursor,
  };
}
