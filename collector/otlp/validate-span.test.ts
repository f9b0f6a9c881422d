import { describe, expect, it } from 'vitest';
import { emptyAttributes, type OtlpSpan } from './types.ts';
import { normalizedParentSpanId, spanRejectionReason } from './validate-span.ts';

function span(overrides: Partial<OtlpSpan>): OtlpSpan {
  return {
    traceId: '5b8efff798038103d269b633813fc60c',
    spanId: 'eee19b7ec3c1b174',
    parentSpanId: null,
    traceState: '',
    flags: 0,
    name: 'execute_tool search',
    kind: 1,
    startTimeUnixNano: 1_000n,
    endTimeUnixNano: 2_000n,
    attributes: emptyAttributes(),
    droppedAttributesCount: 0,
    events: [],
    status: { code: 0, message: '' },
    ...overrides,
  };
}

describe('spanRejectionReason', () => {
  it('accepts a well-formed span, including a zero-length one', () => {
    expect(spanRejectionReason(span({}))).toBeNull();
    expect(spanRejectionReason(span({ endTimeUnixNano: 1_000n }))).toBeNull();
  });

  it.each([
    [{ traceId: '' }, 'traceId is missing'],
    [{ traceId: '0'.repeat(32) }, 'traceId is all zeros'],
    [{ traceId: '07'.repeat(15) }, 'traceId must be 16 bytes (32 hex characters), got 15 bytes'],
    [{ spanId: '' }, 'spanId is missing'],
    [{ spanId: '0'.repeat(16) }, 'spanId is all zeros'],
    [{ spanId: 'ab'.repeat(9) }, 'spanId must be 8 bytes (16 hex characters), got 9 bytes'],
    [{ parentSpanId: 'ab'.repeat(4) }, 'parentSpanId must be 8 bytes (16 hex characters), got 4 bytes'],
    [{ name: '' }, 'name is empty'],
    [{ name: '   ' }, 'name is empty'],
    [{ startTimeUnixNano: 0n }, 'startTimeUnixNano is missing'],
    [{ endTimeUnixNano: 999n }, 'endTimeUnixNano (999) is before startTimeUnixNano (1000)'],
  ] as const)('rejects %o: %s', (overrides, reason) => {
    expect(spanRejectionReason(span(overrides))).toBe(reason);
  });
});

describe('normalizedParentSpanId', () => {
  it('treats an all-zero parent as no parent', () => {
    expect(normalizedParentSpanId(span({ parentSpanId: '0'.repeat(16) }))).toBeNull();
    expect(normalizedParentSpanId(span({ parentSpanId: 'ab'.repeat(8) }))).toBe('ab'.repeat(8));
  });
});
