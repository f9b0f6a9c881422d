import { describe, expect, it } from 'vitest';
import { LATENCY_BUCKET_COUNT, latencyBucketIndex } from '../analysis/latency-histogram.ts';
import { foldRollups, type InsertedToolCall } from './rollups.ts';

const call = (fields: Partial<InsertedToolCall>): InsertedToolCall => ({
  bucket: '2026-11-21T09:00:00.000Z',
  toolName: 'read_file',
  agentName: 'agent',
  modelName: 'model',
  outcome: 'success',
  errorCategory: null,
  errorType: null,
  attempt: 1,
  durationMs: 3,
  sign: 1,
  ...fields,
});

describe('foldRollups', () => {
  it('counts calls, failures by category, retries, refusals and latency per key', () => {
    const [row, ...rest] = foldRollups([
      call({}),
      call({ outcome: 'failure', errorCategory: 'execution', errorType: 'not_found', durationMs: 40 }),
      call({ outcome: 'failure', errorCategory: 'protocol', errorType: 'refusal', attempt: 2 }),
    ]);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({ calls: 3, failures: 2, retries: 1, refusals: 1, durationSumMs: 46 });
    expect(row!.byCategory).toEqual({ selection: 0, arguments: 0, execution: 1, protocol: 1, orchestration: 0 });
    expect(row!.histogram).toHaveLength(LATENCY_BUCKET_COUNT);
    expect(row!.histogram[latencyBucketIndex(3)]).toBe(2);
    expect(row!.histogram[latencyBucketIndex(40)]).toBe(1);
  });

  it('keeps keys apart and orders rows the same way every time', () => {
    const rows = foldRollups([
      call({ toolName: 'b' }),
      call({ toolName: 'a', agentName: null }),
      call({ bucket: '2026-11-21T08:59:00.000Z', toolName: 'z' }),
    ]);
    expect(rows.map((r) => [r.bucket.slice(11, 16), r.toolName, r.agentName])).toEqual([
      ['08:59', 'z', 'agent'],
      ['09:00', 'a', ''],
      ['09:00', 'b', 'agent'],
    ]);
  });

  it('moves a call from its old agent to its resolved one with a −1 and a +1', () => {
    const rows = foldRollups([call({ agentName: null, sign: -1 }), call({ agentName: 'resolved', sign: 1 })]);
    expect(rows.map((r) => [r.agentName, r.calls, r.histogram[latencyBucketIndex(3)]])).toEqual([
      ['', -1, -1],
      ['resolved', 1, 1],
    ]);
  });
});
