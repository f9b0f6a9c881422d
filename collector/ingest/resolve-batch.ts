/**
 * Fills agent, model and session of tool calls from the other spans of the
 * same request, before anything is written: the nearest ancestor that names
 * them; failing that, the trace's agent span (agent, session) or its latest
 * model turn before the call (model). Most exporters send a run's spans
 * together, so this settles nearly every call without a database round trip;
 * `store.ts` resolves the rest against earlier requests.
 */
import type { NormalizedRecord, ToolCallRecord } from './records.ts';

const MAX_DEPTH = 64;

export function resolveWithinBatch(records: readonly NormalizedRecord[]): void {
  const bySpan = new Map<string, NormalizedRecord>();
  const byTrace = new Map<string, NormalizedRecord[]>();
  for (const record of records) {
    bySpan.set(`${record.traceId}/${record.spanId}`, record);
    let list = byTrace.get(record.traceId);
    if (!list) byTrace.set(record.traceId, (list = []));
    list.push(record);
  }
  for (const record of records) {
    if (record.kind !== 'tool' || isResolved(record)) continue;
    fromAncestors(record, bySpan);
    if (!isResolved(record)) fromTrace(record, byTrace.get(record.traceId) ?? []);
  }
}

export function isResolved(call: ToolCallRecord): boolean {
  return call.agentName !== null && call.modelName !== null && call.sessionId !== null;
}

function fromAncestors(call: ToolCallRecord, bySpan: ReadonlyMap<string, NormalizedRecord>): void {
  let parentId = call.parentSpanId;
  for (let depth = 0; parentId && depth < MAX_DEPTH && !isResolved(call); depth++) {
    const parent = bySpan.get(`${call.traceId}/${parentId}`);
    if (!parent) return;
    call.agentName ??= parent.agentName;
    call.modelName ??= parent.modelName;
    call.sessionId ??= parent.sessionId;
    parentId = parent.parentSpanId;
  }
}

function fromTrace(call: ToolCallRecord, traceRecords: readonly NormalizedRecord[]): void {
  let agentSpanStart: bigint | null = null;
  let latestModelStart: bigint | null = null;
  let latestModel: string | null = null;
  let sessionStart: bigint | null = null;
  let session: string | null = null;
  let agent: string | null = null;
  for (const r of traceRecords) {
    if (r.kind === 'agent' && r.agentName && (agentSpanStart === null || r.startTimeUnixNano < agentSpanStart)) {
      agent = r.agentName;
      agentSpanStart = r.startTimeUnixNano;
    }
    if (r.kind === 'model' && r.modelName && r.startTimeUnixNano <= call.startTimeUnixNano && (latestModelStart === null || r.startTimeUnixNano > latestModelStart)) {
      latestModel = r.modelName;
      latestModelStart = r.startTimeUnixNano;
    }
    if (r.kind !== 'tool' && r.sessionId && (sessionStart === null || r.startTimeUnixNano < sessionStart)) {
      session = r.sessionId;
      sessionStart = r.startTimeUnixNano;
    }
  }
  call.agentName ??= agent;
  call.modelName ??= latestModel;
  call.sessionId ??= session;
}
