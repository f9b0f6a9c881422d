/**
 * Runs (one per trace): the list, and one run's ordered timeline of model
 * turns, agent spans and tool calls merged by start time, with retries,
 * errors, refusals and the suggestions tools gave the model.
 */
import type { Database } from '../db/client.ts';
import { RunDetailInputSchema, RunsInputSchema, type RunDetailInput, type RunsInput } from './inputs.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { INCIDENT_COLUMNS, toIncident } from './incidents.ts';
import { redactPayload } from './redact-output.ts';
import type { RunDetail, RunSummary, RunsList, TimelineEntry } from './results.ts';
import { Params, iso, isoRequired } from './sql.ts';

const RUN_COLUMNS = `r.trace_id, r.agent_name, r.session_id, r.started_at, r.ended_at, r.tool_calls, r.failures,
  r.root_ended, r.analyzed_at,
  (SELECT count(*) FROM incidents i WHERE i.project_id = r.project_id AND i.trace_id = r.trace_id)::int AS incidents`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function toRunSummary(row: any): RunSummary {
  return {
    traceId: row.trace_id,
    agent: row.agent_name,
    sessionId: row.session_id,
    startedAt: isoRequired(row.started_at),
    endedAt: isoRequired(row.ended_at),
    durationMs: new Date(row.ended_at).getTime() - new Date(row.started_at).getTime(),
    toolCalls: row.tool_calls,
    failures: row.failures,
    incidents: row.incidents,
    complete: row.root_ended,
    analyzedAt: iso(row.analyzed_at),
  };
}

export async function listRuns(db: Database, rawInput: RunsInput): Promise<RunsList> {
  const input = RunsInputSchema.parse(rawInput);
  const params = new Params();
  const clauses = [
    `r.project_id = ${params.add(input.projectId)}::uuid`,
    `r.started_at >= ${params.add(input.from)}::timestamptz`,
    `r.started_at < ${params.add(input.to)}::timestamptz`,
  ];
  if (input.agent) clauses.push(`r.agent_name = ${params.add(input.agent)}`);
  if (input.failedOnly) clauses.push('r.failures > 0');
  if (input.before) {
    const cursor = decodeCursor(input.before);
    clauses.push(
      cursor.id
        ? `(r.started_at, r.trace_id) < (${params.add(cursor.at)}::timestamptz, ${params.add(cursor.id)})`
        : `r.started_at < ${params.add(cursor.at)}::timestamptz`,
    );
  }
  if (input.tool || input.model) {
    const inner = ['t.project_id = r.project_id', 't.trace_id = r.trace_id'];
    if (input.tool) inner.push(`t.tool_name = ${params.add(input.tool)}`);
    if (input.model) inner.push(`t.model_name = ${params.add(input.model)}`);
    clauses.push(`EXISTS (SELECT 1 FROM tool_calls t WHERE ${inner.join(' AND ')})`);
  }
  if (input.withIncidents) {
    clauses.push('EXISTS (SELECT 1 FROM incidents i WHERE i.project_id = r.project_id AND i.trace_id = r.trace_id)');
  }
  const { rows } = await db.pool.query(
    `SELECT ${RUN_COLUMNS} FROM runs r WHERE ${clauses.join(' AND ')}
      ORDER BY r.started_at DESC, r.trace_id DESC LIMIT ${params.add(input.limit + 1)}`,
    params.values,
  );
  const page = rows.slice(0, input.limit).map(toRunSummary);
  const last = page[page.length - 1];
  return { runs: page, nextBefore: rows.length > input.limit && last ? encodeCursor(last.startedAt, last.traceId) : null };
}

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Suggestions a tool attached to its error, wherever the normaliser kept them. */
function suggestionsOf(details: unknown): string[] {
  if (!details || typeof details !== 'object') return [];
  const record = details as Record<string, unknown>;
  const error = record.error as Record<string, unknown> | undefined;
  return stringList(record.suggestions ?? error?.suggestions);
}

const isRefusal = (category: string | null, type: string | null) => category === 'protocol' && type === 'refusal';

export async function getRun(db: Database, rawInput: RunDetailInput): Promise<RunDetail | null> {
  const input = RunDetailInputSchema.parse(rawInput);
  const args = [input.projectId, input.traceId];
  const [runRows, spans, calls, incidentRows] = await Promise.all([
    db.pool.query(`SELECT ${RUN_COLUMNS} FROM runs r WHERE r.project_id = $1::uuid AND r.trace_id = $2`, args),
    db.pool.query(
      `SELECT span_id, parent_span_id, kind, name, started_at, ended_at, duration_ms, status, status_message,
              error_category, error_type, agent_name, model_name
         FROM run_spans WHERE project_id = $1::uuid AND trace_id = $2`,
      args,
    ),
    db.pool.query(
      `SELECT span_id, parent_span_id, name, tool_name, started_at, ended_at, duration_ms, outcome, error_category,
              error_type, error_message, arguments, result, attempt, retry_reason, first_attempt_span_id, details
         FROM tool_calls WHERE project_id = $1::uuid AND trace_id = $2`,
      args,
    ),
    db.pool.query(
      `SELECT ${INCIDENT_COLUMNS} FROM incidents i WHERE i.project_id = $1::uuid AND i.trace_id = $2 ORDER BY i.started_at`,
      args,
    ),
  ]);
  const runRow = runRows.rows[0];
  if (!runRow) return null;
  const run = toRunSummary(runRow);
  const incidents = incidentRows.rows.map(toIncident);
  const incidentsBySpan = new Map<string, string[]>();
  for (const incident of incidents) {
    for (const spanId of incident.spanIds) incidentsBySpan.set(spanId, [...(incidentsBySpan.get(spanId) ?? []), incident.id]);
  }
  const runStart = new Date(run.startedAt).getTime();
  const base = (row: { span_id: string; parent_span_id: string | null; name: string; started_at: Date; ended_at: Date; duration_ms: number }) => ({
    spanId: row.span_id,
    parentSpanId: row.parent_span_id,
    name: row.name,
    startedAt: isoRequired(row.started_at),
    endedAt: isoRequired(row.ended_at),
    offsetMs: row.started_at.getTime() - runStart,
    durationMs: row.duration_ms,
    incidentIds: incidentsBySpan.get(row.span_id) ?? [],
  });
  const timeline: TimelineEntry[] = [
    ...spans.rows.map((row): TimelineEntry => ({
      ...base(row),
      kind: row.kind,
      label: (row.kind === 'model' ? row.model_name : row.agent_name) ?? row.name,
      outcome: row.status === 'error' ? 'failure' : 'success',
      errorCategory: row.error_category,
      errorType: row.error_type,
      errorMessage: row.status_message,
      refusal: isRefusal(row.error_category, row.error_type),
      attempt: 1,
      retryReason: null,
      firstAttemptSpanId: null,
      arguments: null,
      result: null,
      suggestions: [],
    })),
    ...calls.rows.map((row): TimelineEntry => ({
      ...base(row),
      kind: 'tool',
      label: row.tool_name,
      outcome: row.outcome,
      errorCategory: row.error_category,
      errorType: row.error_type,
      errorMessage: row.error_message,
      refusal: isRefusal(row.error_category, row.error_type),
      attempt: row.attempt,
      retryReason: row.retry_reason,
      firstAttemptSpanId: row.first_attempt_span_id,
      arguments: redactPayload(row.arguments),
      result: redactPayload(row.result),
      suggestions: suggestionsOf(row.details),
    })),
  ];
  // Start time first; a parent before its children when they start together.
  timeline.sort((a, b) => a.offsetMs - b.offsetMs || (a.spanId === b.parentSpanId ? -1 : b.spanId === a.parentSpanId ? 1 : 0));
  return { run, timeline, incidents };
}
