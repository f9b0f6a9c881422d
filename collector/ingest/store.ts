/**
 * Writes one request's records in one transaction: tool calls, run spans, the
 * runs they belong to, agent/model/session resolved from ancestors, and the
 * rollup deltas of the new calls. The collector's background fold moves the
 * deltas into the rollups; readers add the deltas not folded yet, so a read
 * after the 200 is exact either way. Idempotent on (project, trace, span): a
 * re-sent batch inserts nothing and so changes no counter.
 *
 * Every statement is one round trip whatever the batch size (new rows as one
 * JSON document, small upserts as `unnest` arrays): an order of magnitude
 * faster than row-by-row ORM calls.
 */
import type pg from 'pg';
import { withTransaction } from '../db/transaction.ts';
import type { NormalizedRecord, RunSpanRecord, ToolCallRecord } from './records.ts';
import { isResolved, resolveWithinBatch } from './resolve-batch.ts';
import { foldRollups, insertRollupDeltas, type InsertedToolCall } from './rollups.ts';
import { minuteBucketText, nanosToTimestampText } from './timestamps.ts';

export interface StoreResult {
  toolCallsInserted: number;
  runSpansInserted: number;
  /** Records that were already stored (re-sent by an exporter retry). */
  duplicates: number;
}

export async function storeRecords(
  pool: pg.Pool,
  projectId: string,
  records: readonly NormalizedRecord[],
): Promise<StoreResult> {
  for (const record of records) withoutNul(record);
  resolveWithinBatch(records);
  const toolCalls = records.filter((r): r is ToolCallRecord => r.kind === 'tool');
  const runSpans = records.filter((r): r is RunSpanRecord => r.kind !== 'tool');
  if (records.length === 0) return { toolCallsInserted: 0, runSpansInserted: 0, duplicates: 0 };

  return withTransaction(pool, async (client) => {
    const insertedCalls = await insertToolCalls(client, projectId, toolCalls);
    const freshCalls = toolCalls.filter((c) => insertedCalls.has(`${c.traceId}/${c.spanId}`));
    // Runs count new tool calls only; their times, root and names may come from
    // every span of the request, as applying those twice changes nothing.
    const touched: NormalizedRecord[] = [...freshCalls, ...runSpans];
    const unresolvedByTrace = await upsertRuns(client, projectId, touched);
    const resolutionTraces = tracesNeedingResolution(touched, unresolvedByTrace);
    let insertedSpans: Set<string> | undefined;
    let resolved: ResolvedCall[] = [];
    if (resolutionTraces.length > 0) {
      // The ancestor walk reads run spans from the table, so here they go in first.
      insertedSpans = await insertRunSpans(client, projectId, runSpans);
      resolved = await resolveFromAncestors(client, projectId, resolutionTraces);
      await settleResolvedCounts(client, projectId, resolved);
    }
    await insertRollupDeltas(client, projectId, foldRollups(rollupInputs(toolCalls, insertedCalls, resolved)));
    insertedSpans ??= await insertRunSpans(client, projectId, runSpans);
    return {
      toolCallsInserted: insertedCalls.size,
      runSpansInserted: insertedSpans.size,
      duplicates: records.length - insertedCalls.size - insertedSpans.size,
    };
  });
}

/**
 * Rows travel as one JSON document per statement, unpacked by
 * `json_to_recordset`: serialising it is one native JSON.stringify, where 25
 * escaped array parameters cost the driver twice the CPU per row (measured).
 */
const TOOL_CALL_COLUMNS = [
  'trace_id text', 'span_id text', 'parent_span_id text', 'name text', 'tool_name text', 'call_id text',
  'started_at timestamptz', 'ended_at timestamptz', 'duration_ms float8', 'outcome text', 'error_category text',
  'error_type text', 'error_message text', 'error_class text', 'arguments text', 'result text', 'agent_name text',
  'model_name text', 'session_id text', 'service_name text', 'source text', 'attempt int',
  'first_attempt_span_id text', 'retry_reason text', 'details jsonb',
] as const;

const RUN_SPAN_COLUMNS = [
  'trace_id text', 'span_id text', 'parent_span_id text', 'kind text', 'name text', 'started_at timestamptz',
  'ended_at timestamptz', 'duration_ms float8', 'status text', 'status_message text', 'error_category text',
  'error_type text', 'agent_name text', 'model_name text', 'session_id text', 'service_name text', 'source text',
  'attributes jsonb',
] as const;

/**
 * Postgres text and jsonb cannot hold U+0000, and one such character would
 * fail the whole request; spans do carry it (binary tool output). It becomes
 * U+FFFD. Matches only a real `\u0000` escape, not an escaped backslash before "u0000".
 */
const NUL_ESCAPE = /(?<!\\)((?:\\\\)*)\\u0000/g;

function toJsonDocument(rows: readonly object[]): string {
  const doc = JSON.stringify(rows);
  return doc.includes('\\u0000') ? doc.replace(NUL_ESCAPE, '$1\\ufffd') : doc;
}

/** The names that also travel outside the JSON documents (runs, rollups) lose U+0000 here. */
function withoutNul(record: NormalizedRecord): void {
  const clean = (value: string | null) => (value !== null && value.includes('\u0000') ? value.replaceAll('\u0000', '\ufffd') : value);
  record.agentName = clean(record.agentName);
  record.modelName = clean(record.modelName);
  record.sessionId = clean(record.sessionId);
  if (record.kind === 'tool') record.toolName = clean(record.toolName)!;
}

function insertFromJson(table: string, columns: readonly string[]): string {
  const names = columns.map((c) => c.slice(0, c.indexOf(' '))).join(', ');
  return `INSERT INTO ${table} (project_id, ${names})
     SELECT $1, ${names} FROM json_to_recordset($2::json) AS x(${columns.join(', ')})
     ON CONFLICT (project_id, trace_id, span_id) DO NOTHING
     RETURNING trace_id, span_id`;
}

/** Inserts what is new; returns the `trace/span` keys actually inserted. */
export async function insertToolCalls(client: pg.PoolClient, projectId: string, calls: readonly ToolCallRecord[]): Promise<Set<string>> {
  if (calls.length === 0) return new Set();
  const rows = calls.map((c) => ({
    trace_id: c.traceId,
    span_id: c.spanId,
    parent_span_id: c.parentSpanId,
    name: c.name,
    tool_name: c.toolName,
    call_id: c.callId,
    started_at: nanosToTimestampText(c.startTimeUnixNano),
    ended_at: nanosToTimestampText(c.endTimeUnixNano),
    duration_ms: c.durationMs,
    outcome: c.outcome,
    error_category: c.errorCategory,
    error_type: c.errorType,
    error_message: c.errorMessage,
    error_class: c.errorClass,
    arguments: c.arguments,
    result: c.result,
    agent_name: c.agentName,
    model_name: c.modelName,
    session_id: c.sessionId,
    service_name: c.serviceName,
    source: c.source,
    attempt: c.attempt,
    first_attempt_span_id: c.firstAttemptSpanId,
    retry_reason: c.retryReason,
    details: c.details,
  }));
  const result = await client.query<{ trace_id: string; span_id: string }>({
    name: 'ingest-insert-tool-calls',
    text: insertFromJson('tool_calls', TOOL_CALL_COLUMNS),
    values: [projectId, toJsonDocument(rows)],
  });
  return new Set(result.rows.map((r) => `${r.trace_id}/${r.span_id}`));
}

export async function insertRunSpans(client: pg.PoolClient, projectId: string, spans: readonly RunSpanRecord[]): Promise<Set<string>> {
  if (spans.length === 0) return new Set();
  const rows = spans.map((s) => ({
    trace_id: s.traceId,
    span_id: s.spanId,
    parent_span_id: s.parentSpanId,
    kind: s.kind,
    name: s.name,
    started_at: nanosToTimestampText(s.startTimeUnixNano),
    ended_at: nanosToTimestampText(s.endTimeUnixNano),
    duration_ms: s.durationMs,
    status: s.status,
    status_message: s.statusMessage,
    error_category: s.errorCategory,
    error_type: s.errorType,
    agent_name: s.agentName,
    model_name: s.modelName,
    session_id: s.sessionId,
    service_name: s.serviceName,
    source: s.source,
    attributes: s.attributes,
  }));
  const result = await client.query<{ trace_id: string; span_id: string }>({
    name: 'ingest-insert-run-spans',
    text: insertFromJson('run_spans', RUN_SPAN_COLUMNS),
    values: [projectId, toJsonDocument(rows)],
  });
  return new Set(result.rows.map((r) => `${r.trace_id}/${r.span_id}`));
}

/**
 * Traces where stored rows may gain an agent, model or session: the run still
 * has unresolved calls (`runs.unresolved_calls`, counted at ingest), and this
 * request brought either such a call (its ancestors may be stored already) or
 * a span that names one of them (it may be the ancestor of earlier calls).
 * Usually none: exporters send a run's spans together, and those are resolved
 * in memory before they are written.
 */
function tracesNeedingResolution(fresh: readonly NormalizedRecord[], unresolvedByTrace: ReadonlyMap<string, number>): string[] {
  const traces = new Set<string>();
  for (const r of fresh) {
    if (!(unresolvedByTrace.get(r.traceId)! > 0)) continue;
    const bringsSomething = r.kind === 'tool' ? !isResolved(r) : r.agentName !== null || r.modelName !== null || r.sessionId !== null;
    if (bringsSomething) traces.add(r.traceId);
  }
  return [...traces].sort();
}

/** Takes the calls that resolution completed off their runs' unresolved counts. */
async function settleResolvedCounts(client: pg.PoolClient, projectId: string, resolved: readonly ResolvedCall[]): Promise<void> {
  const settled = new Map<string, number>();
  for (const r of resolved) {
    if (r.agentName !== null && r.modelName !== null && r.sessionId !== null) {
      const traceId = r.key.slice(0, r.key.indexOf('/'));
      settled.set(traceId, (settled.get(traceId) ?? 0) + 1);
    }
  }
  if (settled.size === 0) return;
  const traces = [...settled.keys()].sort();
  await client.query(
    `UPDATE runs r SET unresolved_calls = greatest(0, r.unresolved_calls - u.n)
       FROM unnest($2::text[], $3::int[]) AS u(trace_id, n)
      WHERE r.project_id = $1 AND r.trace_id = u.trace_id`,
    [projectId, traces, traces.map((t) => settled.get(t)!)],
  );
}

interface ResolvedCall {
  key: string;
  bucket: string;
  toolName: string;
  outcome: string;
  errorCategory: string | null;
  errorType: string | null;
  attempt: number;
  durationMs: number;
  oldAgent: string | null;
  oldModel: string | null;
  agentName: string | null;
  modelName: string | null;
  sessionId: string | null;
}

/**
 * Fills agent, model and session of tool calls in `traceIds` that lack them,
 * from the nearest stored ancestor span; failing that, from the run's agent
 * span (agent, session) or the latest model span before the call (model).
 * Ancestors may arrive in a later request than the tool span, so this runs for
 * every trace a batch touches, and returns each call it changed.
 */
async function resolveFromAncestors(client: pg.PoolClient, projectId: string, traceIds: readonly string[]): Promise<ResolvedCall[]> {
  if (traceIds.length === 0) return [];
  // Its plan depends on the traces, so it is not prepared.
  const { rows } = await client.query({
    text: `WITH RECURSIVE targets AS (
       SELECT trace_id, span_id, parent_span_id, started_at, agent_name, model_name, session_id
         FROM tool_calls
        WHERE project_id = $1 AND trace_id = ANY($2::text[])
          AND (agent_name IS NULL OR model_name IS NULL OR session_id IS NULL)
     ),
     chain AS (
       SELECT t.trace_id, t.span_id AS tool_span_id, t.parent_span_id AS next_id, 0 AS depth,
              NULL::text AS agent_name, NULL::text AS model_name, NULL::text AS session_id
         FROM targets t
       UNION ALL
       SELECT c.trace_id, c.tool_span_id, s.parent_span_id, c.depth + 1, s.agent_name, s.model_name, s.session_id
         FROM chain c
         JOIN run_spans s ON s.project_id = $1 AND s.trace_id = c.trace_id AND s.span_id = c.next_id
        WHERE c.depth < 64
     ),
     nearest AS (
       SELECT trace_id, tool_span_id,
              (array_agg(agent_name ORDER BY depth) FILTER (WHERE agent_name IS NOT NULL))[1] AS agent_name,
              (array_agg(model_name ORDER BY depth) FILTER (WHERE model_name IS NOT NULL))[1] AS model_name,
              (array_agg(session_id ORDER BY depth) FILTER (WHERE session_id IS NOT NULL))[1] AS session_id
         FROM chain GROUP BY trace_id, tool_span_id
     ),
     per_trace AS (
       SELECT trace_id,
              (array_agg(agent_name ORDER BY (kind = 'agent') DESC, started_at) FILTER (WHERE agent_name IS NOT NULL))[1] AS agent_name,
              (array_agg(session_id ORDER BY started_at) FILTER (WHERE session_id IS NOT NULL))[1] AS session_id
         FROM run_spans WHERE project_id = $1 AND trace_id = ANY($2::text[])
        GROUP BY trace_id
     ),
     proposed AS (
       SELECT t.trace_id, t.span_id, t.agent_name AS old_agent, t.model_name AS old_model,
              COALESCE(t.agent_name, n.agent_name, p.agent_name) AS agent_name,
              COALESCE(t.model_name, n.model_name,
                       (SELECT m.model_name FROM run_spans m
                         WHERE m.project_id = $1 AND m.trace_id = t.trace_id AND m.kind = 'model'
                           AND m.model_name IS NOT NULL AND m.started_at <= t.started_at
                         ORDER BY m.started_at DESC LIMIT 1)) AS model_name,
              COALESCE(t.session_id, n.session_id, p.session_id) AS session_id,
              t.session_id AS old_session
         FROM targets t
         JOIN nearest n ON n.trace_id = t.trace_id AND n.tool_span_id = t.span_id
         LEFT JOIN per_trace p ON p.trace_id = t.trace_id
     )
     UPDATE tool_calls tc
        SET agent_name = p.agent_name, model_name = p.model_name, session_id = p.session_id
       FROM proposed p
      WHERE tc.project_id = $1 AND tc.trace_id = p.trace_id AND tc.span_id = p.span_id
        AND (p.agent_name IS DISTINCT FROM p.old_agent OR p.model_name IS DISTINCT FROM p.old_model
             OR p.session_id IS DISTINCT FROM p.old_session)
     RETURNING tc.trace_id, tc.span_id, date_trunc('minute', tc.started_at) AS bucket, tc.tool_name, tc.outcome,
               tc.error_category, tc.error_type, tc.attempt, tc.duration_ms,
               p.old_agent, p.old_model, tc.agent_name, tc.model_name, tc.session_id`,
    values: [projectId, traceIds],
  });
  return rows.map((r) => ({
    key: `${r.trace_id}/${r.span_id}`,
    bucket: (r.bucket as Date).toISOString(),
    toolName: r.tool_name,
    outcome: r.outcome,
    errorCategory: r.error_category,
    errorType: r.error_type,
    attempt: r.attempt,
    durationMs: r.duration_ms,
    oldAgent: r.old_agent,
    oldModel: r.old_model,
    agentName: r.agent_name,
    modelName: r.model_name,
    sessionId: r.session_id,
  }));
}

/**
 * Rollup inputs: each newly inserted call under its resolved agent and model,
 * plus, for calls stored earlier whose agent or model was resolved only now, a
 * move from the old key to the new one, so rollups always agree with raw rows.
 */
function rollupInputs(
  calls: readonly ToolCallRecord[],
  inserted: ReadonlySet<string>,
  resolved: readonly ResolvedCall[],
): InsertedToolCall[] {
  const resolvedByKey = new Map(resolved.map((r) => [r.key, r]));
  const inputs: InsertedToolCall[] = [];
  for (const call of calls) {
    const key = `${call.traceId}/${call.spanId}`;
    if (!inserted.has(key)) continue;
    const r = resolvedByKey.get(key);
    inputs.push({
      bucket: minuteBucketText(call.startTimeUnixNano),
      toolName: call.toolName,
      agentName: r ? r.agentName : call.agentName,
      modelName: r ? r.modelName : call.modelName,
      outcome: call.outcome,
      errorCategory: call.errorCategory,
      errorType: call.errorType,
      attempt: call.attempt,
      durationMs: call.durationMs,
      sign: 1,
    });
  }
  for (const r of resolved) {
    if (inserted.has(r.key)) continue;
    if (r.agentName === r.oldAgent && r.modelName === r.oldModel) continue; // only the session changed
    const base = {
      bucket: r.bucket,
      toolName: r.toolName,
      outcome: r.outcome,
      errorCategory: r.errorCategory,
      errorType: r.errorType,
      attempt: r.attempt,
      durationMs: r.durationMs,
    };
    inputs.push({ ...base, agentName: r.oldAgent, modelName: r.oldModel, sign: -1 });
    inputs.push({ ...base, agentName: r.agentName, modelName: r.modelName, sign: 1 });
  }
  return inputs;
}

interface RunDelta {
  traceId: string;
  agentName: string | null;
  sessionId: string | null;
  startedAt: bigint;
  endedAt: bigint;
  toolCalls: number;
  failures: number;
  rootEnded: boolean;
  unresolvedCalls: number;
}

/**
 * Creates or widens the run of every trace that received new spans; returns
 * each run's count of tool calls still missing agent, model or session.
 */
async function upsertRuns(client: pg.PoolClient, projectId: string, fresh: readonly NormalizedRecord[]): Promise<Map<string, number>> {
  if (fresh.length === 0) return new Map();
  const runs = new Map<string, RunDelta>();
  for (const r of fresh) {
    let run = runs.get(r.traceId);
    if (!run) {
      run = { traceId: r.traceId, agentName: null, sessionId: null, startedAt: r.startTimeUnixNano, endedAt: r.endTimeUnixNano, toolCalls: 0, failures: 0, rootEnded: false, unresolvedCalls: 0 };
      runs.set(r.traceId, run);
    }
    if (r.startTimeUnixNano < run.startedAt) run.startedAt = r.startTimeUnixNano;
    if (r.endTimeUnixNano > run.endedAt) run.endedAt = r.endTimeUnixNano;
    if (r.parentSpanId === null) run.rootEnded = true;
    // The agent span names the run; a tool call's agent is the fallback.
    if (r.kind === 'agent' && r.agentName) run.agentName = r.agentName;
    else run.agentName ??= r.agentName;
    run.sessionId ??= r.sessionId;
    if (r.kind === 'tool') {
      run.toolCalls++;
      if (r.outcome === 'failure') run.failures++;
      if (!isResolved(r)) run.unresolvedCalls++;
    }
  }
  const rows = [...runs.values()].sort((a, b) => (a.traceId < b.traceId ? -1 : 1));
  const { rows: saved } = await client.query<{ trace_id: string; unresolved_calls: number }>({
    name: 'ingest-upsert-runs',
    text: `INSERT INTO runs AS r (project_id, trace_id, agent_name, session_id, started_at, ended_at, tool_calls, failures,
                              root_ended, unresolved_calls, last_span_at)
     SELECT $1, u.*, now() FROM unnest($2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[],
                                       $7::int[], $8::int[], $9::bool[], $10::int[]) AS u
     ON CONFLICT (project_id, trace_id) DO UPDATE SET
       agent_name = COALESCE(r.agent_name, EXCLUDED.agent_name),
       session_id = COALESCE(r.session_id, EXCLUDED.session_id),
       started_at = LEAST(r.started_at, EXCLUDED.started_at),
       ended_at = GREATEST(r.ended_at, EXCLUDED.ended_at),
       tool_calls = r.tool_calls + EXCLUDED.tool_calls,
       failures = r.failures + EXCLUDED.failures,
       root_ended = r.root_ended OR EXCLUDED.root_ended,
       unresolved_calls = r.unresolved_calls + EXCLUDED.unresolved_calls,
       last_span_at = now()
     RETURNING trace_id, unresolved_calls`,
    values: [
      projectId,
      rows.map((r) => r.traceId),
      rows.map((r) => r.agentName),
      rows.map((r) => r.sessionId),
      rows.map((r) => nanosToTimestampText(r.startedAt)),
      rows.map((r) => nanosToTimestampText(r.endedAt)),
      rows.map((r) => r.toolCalls),
      rows.map((r) => r.failures),
      rows.map((r) => r.rootEnded),
      rows.map((r) => r.unresolvedCalls),
    ],
  });
  return new Map(saved.map((r) => [r.trace_id, r.unresolved_calls]));
}
