import { describe, expect, it } from 'vitest';
import type { NormalizedRecord, RunSpanRecord, ToolCallRecord } from './records.ts';
import { resolveWithinBatch } from './resolve-batch.ts';

const base = { traceId: 't1', name: 'x', endTimeUnixNano: 0n, durationMs: 0, source: 'genai' as const, serviceName: null, agentName: null, modelName: null, sessionId: null };

function span(kind: RunSpanRecord['kind'], spanId: string, parentSpanId: string | null, start: bigint, fields: Partial<RunSpanRecord> = {}): RunSpanRecord {
  return { ...base, kind, spanId, parentSpanId, startTimeUnixNano: start, status: 'ok', statusMessage: null, errorCategory: null, errorType: null, attributes: {}, ...fields };
}

function call(spanId: string, parentSpanId: string | null, start: bigint, fields: Partial<ToolCallRecord> = {}): ToolCallRecord {
  return {
    ...base, kind: 'tool', spanId, parentSpanId, startTimeUnixNano: start, toolName: 'read_file', callId: null, arguments: null, result: null,
    outcome: 'success', errorCategory: null, errorType: null, errorMessage: null, errorClass: null, attempt: 1, firstAttemptSpanId: null, retryReason: null, details: {}, ...fields,
  };
}

describe('resolveWithinBatch', () => {
  it('takes agent, model and session from the nearest ancestor that names them', () => {
    const records: NormalizedRecord[] = [
      span('agent', 'a', null, 1n, { agentName: 'outer', sessionId: 's1', modelName: 'm-agent' }),
      span('chain', 'c', 'a', 2n, { agentName: 'inner' }),
      call('t', 'c', 3n),
    ];
    resolveWithinBatch(records);
    expect(records[2]).toMatchObject({ agentName: 'inner', sessionId: 's1', modelName: 'm-agent' });
  });

  it('keeps what the tool span already says', () => {
    const records: NormalizedRecord[] = [span('agent', 'a', null, 1n, { agentName: 'parent' }), call('t', 'a', 2n, { agentName: 'own' })];
    resolveWithinBatch(records);
    expect(records[1]).toMatchObject({ agentName: 'own' });
  });

  it('falls back to the latest model turn before the call, and the trace agent span, for siblings', () => {
    const records: NormalizedRecord[] = [
      span('agent', 'a', null, 1n, { agentName: 'agent', sessionId: 's' }),
      span('model', 'm1', 'a', 2n, { modelName: 'first' }),
      span('model', 'm2', 'a', 5n, { modelName: 'second' }),
      span('model', 'm3', 'a', 9n, { modelName: 'after' }),
      call('t1', 'x-not-in-batch', 3n),
      call('t2', 'x-not-in-batch', 6n),
    ];
    resolveWithinBatch(records);
    expect(records[4]).toMatchObject({ agentName: 'agent', modelName: 'first', sessionId: 's' });
    expect(records[5]).toMatchObject({ agentName: 'agent', modelName: 'second', sessionId: 's' });
  });

  it('leaves fields null when nothing in the batch names them', () => {
    const records: NormalizedRecord[] = [call('t', 'missing', 1n), { ...span('agent', 'a', null, 0n, { agentName: 'other-trace' }), traceId: 't2' }];
    resolveWithinBatch(records);
    expect(records[0]).toMatchObject({ agentName: null, modelName: null, sessionId: null });
  });
});
