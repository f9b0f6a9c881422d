/** Incidents list: loops and contract violations, newest first, keyset-paginated. */
import type { Database } from '../db/client.ts';
import { IncidentsInputSchema, type IncidentsInput } from './inputs.ts';
import type { IncidentItem, IncidentsList } from './results.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { Params, isoRequired } from './sql.ts';

export const INCIDENT_COLUMNS = `i.id, i.trace_id, i.kind, i.type, i.source, i.agent_name, i.tool_names, i.span_ids,
  i.length, i.wasted_ms, i.message, i.detail, i.started_at, i.detected_at, i.updated_at`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function toIncident(row: any): IncidentItem {
  return {
    id: row.id,
    traceId: row.trace_id,
    kind: row.kind,
    type: row.type,
    source: row.source,
    agent: row.agent_name,
    tools: row.tool_names,
    spanIds: row.span_ids,
    length: row.length,
    wastedMs: row.wasted_ms,
    message: row.message,
    detail: row.detail,
    startedAt: isoRequired(row.started_at),
    detectedAt: isoRequired(row.detected_at),
    updatedAt: isoRequired(row.updated_at),
  };
}

export async function listIncidents(db: Database, rawInput: IncidentsInput): Promise<IncidentsList> {
  const input = IncidentsInputSchema.parse(rawInput);
  const params = new Params();
  const clauses = [
    `i.project_id = ${params.add(input.projectId)}::uuid`,
    `i.started_at >= ${params.add(input.from)}::timestamptz`,
    `i.started_at < ${params.add(input.to)}::timestamptz`,
  ];
  if (input.kind) clauses.push(`i.kind = ${params.add(input.kind)}`);
  if (input.type) clauses.push(`i.type = ${params.add(input.type)}`);
  if (input.traceId) clauses.push(`i.trace_id = ${params.add(input.traceId.toLowerCase())}`);
  if (input.agent) clauses.push(`i.agent_name = ${params.add(input.agent)}`);
  if (input.tool) clauses.push(`${params.add(input.tool)} = ANY(i.tool_names)`);
  if (input.before) {
    const cursor = decodeCursor(input.before);
    clauses.push(
      cursor.id
        ? `(i.started_at, i.id) < (${params.add(cursor.at)}::timestamptz, ${params.add(cursor.id)}::uuid)`
        : `i.started_at < ${params.add(cursor.at)}::timestamptz`,
    );
  }
  // model filter: incidents carry no model; the filter does not apply to them.
  const { rows } = await db.pool.query(
    `SELECT ${INCIDENT_COLUMNS} FROM incidents i WHERE ${clauses.join(' AND ')}
      ORDER BY i.started_at DESC, i.id DESC LIMIT ${params.add(input.limit + 1)}`,
    params.values,
  );
  const page = rows.slice(0, input.limit).map(toIncident);
  const last = page[page.length - 1];
  return { incidents: page, nextBefore: rows.length > input.limit && last ? encodeCursor(last.startedAt, last.id) : null };
}
