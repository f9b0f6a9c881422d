/**
 * Writes tool calls, run spans and runs straight into Postgres with SQL, for
 * tests of what reads them (queries, analyses, alerts). Runs are derived from
 * the rows the way ingest maintains them.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { foldRollupDeltas } from '../../collector/ingest/fold-rollups.ts';

export const hex = (bytes: number) => randomBytes(bytes).toString('hex');
export const newTraceId = () => hex(16);
export const newSpanId = () => hex(8);

export interface SeedToolCall {
  traceId: string;
  spanId?: string;
  parentSpanId?: string | null;
  tool: string;
  startedAt: Date;
  durationMs?: number;
  outcome?: 'success' | 'failure';
  errorCategory?: string | null;
  errorType?: string | null;
  errorMessage?: string | null;
  arguments?: string | null;
  agent?: string | null;
  model?: string | null;
  attempt?: number;
  retryReason?: string | null;
  details?: Record<string, unknown>;
}

export interface SeedRunSpan {
  traceId: string;
  spanId?: string;
  parentSpanId?: string | null;
  kind: 'agent' | 'model' | 'chain';
  name?: string;
  startedAt: Date;
  durationMs?: number;
  status?: 'unset' | 'ok' | 'error';
  errorCategory?: string | null;
  errorType?: string | null;
  agent?: string | null;
  model?: string | null;
  attributes?: Record<string, unknown>;
}

export async function insertToolCalls(pool: pg.Pool, projectId: string, calls: readonly SeedToolCall[]): Promise<string[]> {
  const rows = calls.map((c) => {
    const duration = c.durationMs ?? 10;
    return {
      trace_id: c.traceId,
      span_id: c.spanId ?? newSpanId(),
      parent_span_id: c.parentSpanId ?? null,
      name: `execute_tool ${c.tool}`,
      tool_name: c.tool,
      started_at: c.startedAt.toISOString(),
      ended_at: new Date(c.startedAt.getTime() + duration).toISOString(),
      duration_ms: duration,
      outcome: c.outcome ?? (c.errorCategory ? 'failure' : 'success'),
      error_category: c.errorCategory ?? null,
      error_type: c.errorType ?? null,
      error_message: c.errorMessage ?? null,
      arguments: c.arguments ?? null,
      agent_name: c.agent ?? null,
      model_name: c.model ?? null,
      attempt: c.attempt ?? 1,
      retry_reason: c.retryReason ?? null,
      details: c.details ?? {},
    };
  });
  await pool.query(
    `INSERT INTO tool_calls (project_id, trace_id, span_id, parent_span_id, name, tool_name, started_at, ended_at,
        duration_ms, outcome, error_category, error_type, error_message, arguments, agent_name, model_name, source,
        attempt, retry_reason, details)
     SELECT $1::uuid, x.trace_id, x.span_id, x.parent_span_id, x.name, x.tool_name, x.started_at, x.ended_at,
            x.duration_ms, x.outcome, x.error_category, x.error_type, x.error_message, x.arguments, x.agent_name,
            x.model_name, 'toolscope', x.attempt, x.retry_reason, x.details
       FROM jsonb_to_recordset($2::jsonb) AS x(trace_id text, span_id text, parent_span_id text, name text,
            tool_name text, started_at timestamptz, ended_at timestamptz, duration_ms float8, outcome text,
            error_category text, error_type text, error_message text, arguments text, agent_name text,
            model_name text, attempt int, retry_reason text, details jsonb)`,
    [projectId, JSON.stringify(rows)],
  );
  return rows.map((r) => r.span_id);
}

export async function insertRunSpans(pool: pg.Pool, projectId: string, spans: readonly SeedRunSpan[]): Promise<string[]> {
  const rows = spans.map((s) => {
    const duration = s.durationMs ?? 100;
    return {
      trace_id: s.traceId,
      span_id: s.spanId ?? newSpanId(),
      parent_span_id: s.parentSpanId ?? null,
      kind: s.kind,
      name: s.name ?? (s.kind === 'model' ? `chat ${s.model ?? 'model'}` : `invoke_agent ${s.agent ?? 'agent'}`),
      started_at: s.startedAt.toISOString(),
      ended_at: new Date(s.startedAt.getTime() + duration).toISOString(),
      duration_ms: duration,
      status: s.status ?? (s.errorCategory ? 'error' : 'ok'),
      error_category: s.errorCategory ?? null,
      error_type: s.errorType ?? null,
      agent_name: s.agent ?? null,
      model_name: s.model ?? null,
      attributes: s.attributes ?? {},
    };
  });
  await pool.query(
    `INSERT INTO run_spans (project_id, trace_id, span_id, parent_span_id, kind, name, started_at, ended_at, duration_ms,
        status, error_category, error_type, agent_name, model_name, source, attributes)
     SELECT $1::uuid, x.trace_id, x.span_id, x.parent_span_id, x.kind, x.name, x.started_at, x.ended_at, x.duration_ms,
            x.status, x.error_category, x.error_type, x.agent_name, x.model_name, 'toolscope', x.attributes
       FROM jsonb_to_recordset($2::jsonb) AS x(trace_id text, span_id text, parent_span_id text, kind text, name text,
            started_at timestamptz, ended_at timestamptz, duration_ms float8, status text, error_category text,
            error_type text, agent_name text, model_name text, attributes jsonb)`,
    [projectId, JSON.stringify(rows)],
  );
  // Model turns reach model_turn_rollups through appended deltas, as at ingest.
  await foldRollupDeltas(pool);
  return rows.map((r) => r.span_id);
}

/**
 * (Re)computes the project's runs from its rows, as ingest maintains them:
 * a run is complete once a span without parent is stored; last_span_at is now.
 */
export async function syncRuns(pool: pg.Pool, projectId: string): Promise<void> {
  await pool.query(
    `INSERT INTO runs AS r (project_id, trace_id, agent_name, started_at, ended_at, tool_calls, failures, root_ended, last_span_at)
     SELECT $1::uuid, s.trace_id, max(s.agent_name), min(s.started_at), max(s.ended_at),
            count(*) FILTER (WHERE s.is_tool), count(*) FILTER (WHERE s.is_tool AND s.failed),
            bool_or(s.parent_span_id IS NULL), now()
       FROM (SELECT trace_id, agent_name, started_at, ended_at, parent_span_id, true AS is_tool, outcome = 'failure' AS failed
               FROM tool_calls WHERE project_id = $1::uuid
             UNION ALL
             SELECT trace_id, agent_name, started_at, ended_at, parent_span_id, false, false
               FROM run_spans WHERE project_id = $1::uuid) s
      GROUP BY s.trace_id
     ON CONFLICT (project_id, trace_id) DO UPDATE SET
       agent_name = EXCLUDED.agent_name, started_at = EXCLUDED.started_at, ended_at = EXCLUDED.ended_at,
       tool_calls = EXCLUDED.tool_calls, failures = EXCLUDED.failures, root_ended = EXCLUDED.root_ended,
       last_span_at = CASE WHEN (r.tool_calls, r.root_ended, r.ended_at) IS DISTINCT FROM
                                (EXCLUDED.tool_calls, EXCLUDED.root_ended, EXCLUDED.ended_at)
                           THEN now() ELSE r.last_span_at END`,
    [projectId],
  );
}
