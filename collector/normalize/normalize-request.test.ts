import { describe, expect, it } from 'vitest';
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { SpanStatusCode } from '@opentelemetry/api';
import type { ToolCallRecord } from '../ingest/records.ts';
import { decodeTraceRequest, emptyAttributes, type AttrValue, type OtlpSpan, type OtlpTraceRequest } from '../otlp/index.ts';
import { normalizeRequest } from './index.ts';

const OPTIONS = { maxPayloadChars: 4096 };

let nextSpan = 1;
function toolSpan(attributes: Record<string, AttrValue>, overrides: Partial<OtlpSpan> = {}): OtlpSpan {
  const spanAttributes = emptyAttributes();
  Object.assign(spanAttributes, { 'gen_ai.operation.name': 'execute_tool', ...attributes });
  return {
    traceId: '5b8efff798038103d269b633813fc60c',
    spanId: (nextSpan++).toString(16).padStart(16, '0'),
    parentSpanId: null,
    traceState: '',
    flags: 1,
    name: `execute_tool ${String(attributes['gen_ai.tool.name'] ?? '')}`.trim(),
    kind: 1,
    startTimeUnixNano: 1_700_000_000_000_000_000n,
    endTimeUnixNano: 1_700_000_000_002_000_123n,
    attributes: spanAttributes,
    droppedAttributesCount: 0,
    events: [],
    status: { code: 0, message: '' },
    ...overrides,
  };
}

function request(spans: OtlpSpan[]): OtlpTraceRequest {
  const resourceAttributes = emptyAttributes();
  resourceAttributes['service.name'] = 'svc';
  return { resourceSpans: [{ resource: { attributes: resourceAttributes }, schemaUrl: '', scopeSpans: [{ scope: { name: 'x', version: '', attributes: emptyAttributes() }, schemaUrl: '', spans }] }] };
}

function onlyTool(spans: OtlpSpan[]): ToolCallRecord {
  const result = normalizeRequest(request(spans), OPTIONS);
  expect(result.rejected).toEqual([]);
  expect(result.records).toHaveLength(1);
  return result.records[0] as ToolCallRecord;
}

describe('per-span rejection', () => {
  it('rejects bad spans one by one and keeps the rest', () => {
    const good = toolSpan({ 'gen_ai.tool.name': 'ok' });
    const result = normalizeRequest(
      request([
        toolSpan({ 'gen_ai.tool.name': 'a' }, { traceId: '0'.repeat(32) }),
        toolSpan({ 'gen_ai.tool.name': 'b' }, { spanId: '' }),
        toolSpan({ 'gen_ai.tool.name': 'c' }, { name: '' }),
        toolSpan({ 'gen_ai.tool.name': 'd' }, { endTimeUnixNano: 1n }),
        good,
        toolSpan({}, { name: 'execute_tool' }),
      ]),
      OPTIONS,
    );
    expect(result.records.map((record) => record.spanId)).toEqual([good.spanId]);
    expect(result.rejected.map((rejected) => rejected.reason)).toEqual([
      'traceId is all zeros',
      'spanId is missing',
      'name is empty',
      'endTimeUnixNano (1) is before startTimeUnixNano (1700000000000000000)',
      'tool span "execute_tool" names no tool (expected gen_ai.tool.name)',
    ]);
    expect(result.rejected[1]).toMatchObject({ traceId: '5b8efff798038103d269b633813fc60c', spanId: null });
  });

  it('counts spans unrelated to GenAI as ignored, not rejected', () => {
    const http = toolSpan({}, { name: 'GET /health' });
    delete http.attributes['gen_ai.operation.name'];
    http.attributes['http.request.method'] = 'GET';
    const result = normalizeRequest(request([http, { ...http, traceId: '' }]), OPTIONS);
    expect(result).toEqual({ records: [], rejected: [], ignored: 2 });
  });
});

describe('tool-call records', () => {
  it('computes the duration in milliseconds with fractions', () => {
    expect(onlyTool([toolSpan({ 'gen_ai.tool.name': 't' })]).durationMs).toBe(2.000123);
  });

  it('takes the tool name from the span name when the attribute is missing', () => {
    expect(onlyTool([toolSpan({}, { name: 'execute_tool lookup' })]).toolName).toBe('lookup');
  });

  it('reads error.type alone as a failure even with status OK', () => {
    const record = onlyTool([toolSpan({ 'gen_ai.tool.name': 't', 'error.type': 'ECONNRESET' }, { status: { code: 1, message: '' } })]);
    expect(record).toMatchObject({ outcome: 'failure', errorType: 'upstream_error', errorClass: 'ECONNRESET', errorMessage: null });
  });

  it('keeps an unclassifiable foreign error as execution/unknown with its class', () => {
    const record = onlyTool([
      toolSpan(
        { 'gen_ai.tool.name': 't' },
        {
          status: { code: 2, message: 'boom' },
          events: [{ name: 'exception', timeUnixNano: 1n, attributes: Object.assign(emptyAttributes(), { 'exception.type': 'WeirdError' }) }],
        },
      ),
    ]);
    expect(record).toMatchObject({ errorCategory: 'execution', errorType: 'unknown', errorClass: 'WeirdError', errorMessage: 'boom' });
  });

  it('redacts the error message', () => {
    const record = onlyTool([
      toolSpan({ 'gen_ai.tool.name': 't' }, { status: { code: 2, message: 'bad key sk-abcdefghijklmnopqrstuvwx' } }),
    ]);
    expect(record.errorMessage).toBe('bad key [REDACTED]');
  });

  it('flags truncation done at the collector', () => {
    const record = normalizeRequest(request([toolSpan({ 'gen_ai.tool.name': 't', 'gen_ai.tool.call.result': 'r'.repeat(500) })]), {
      maxPayloadChars: 100,
    }).records[0] as ToolCallRecord;
    expect(record.result!.length).toBeLessThanOrEqual(100);
    expect(record.details['resultTruncated']).toBe(true);
  });

  it('never throws on weird attribute values', () => {
    const record = onlyTool([
      toolSpan({
        'gen_ai.tool.name': 't',
        'gen_ai.tool.call.arguments': { nested: { deep: [new Uint8Array([1, 2]), null, 1.5] } },
        'gen_ai.tool.call.result': ['a', 2, true],
        'toolscope.retry.attempt': 'three',
        'toolscope.retry.first_span_id': 'not-an-id',
        'toolscope.validation.issues': '{broken json',
        'toolscope.error.suggestions': 42,
        'toolscope.redacted.count': 'many',
        'gen_ai.conversation.id': ['not', 'a', 'string'],
        'error.type': '',
      }),
    ]);
    expect(record).toMatchObject({
      arguments: '{"nested":{"deep":["AQI=",null,1.5]}}',
      result: '["a",2,true]',
      attempt: 1,
      firstAttemptSpanId: null,
      sessionId: null,
      outcome: 'success',
      details: { validationIssues: '{broken json', suggestions: 42 },
    });
  });

  it('accepts attempts written as numeric strings', () => {
    expect(onlyTool([toolSpan({ 'gen_ai.tool.name': 't', 'toolscope.retry.attempt': '2' })]).attempt).toBe(2);
  });
});

describe('spans from the official SDK through protobuf', () => {
  it('normalises a real execute_tool span end to end', () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({
      resource: resourceFromAttributes({ 'service.name': 'real-agent' }),
      spanProcessors: [new SimpleSpanProcessor(exporter)],
    });
    const span = provider.getTracer('my-instrumentation').startSpan('execute_tool read_file', {
      attributes: {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': 'read_file',
        'gen_ai.tool.call.id': 'call_9',
        'gen_ai.tool.call.arguments': '{"path":"/nope","token":"t0k3n"}',
      },
    });
    span.recordException(Object.assign(new Error("ENOENT: no such file or directory, open '/nope'"), { name: 'Error' }));
    span.setStatus({ code: SpanStatusCode.ERROR, message: "ENOENT: no such file or directory, open '/nope'" });
    span.end();
    const body = ProtobufTraceSerializer.serializeRequest(exporter.getFinishedSpans())!;
    const result = normalizeRequest(decodeTraceRequest(body, 'protobuf'), OPTIONS);
    expect(result.rejected).toEqual([]);
    expect(result.records[0]).toMatchObject({
      kind: 'tool',
      source: 'genai',
      serviceName: 'real-agent',
      spanId: span.spanContext().spanId,
      traceId: span.spanContext().traceId,
      toolName: 'read_file',
      callId: 'call_9',
      arguments: '{"path":"/nope","token":"[REDACTED]"}',
      outcome: 'failure',
      errorCategory: 'execution',
      errorType: 'not_found',
      errorClass: 'Error',
    });
  });
});
