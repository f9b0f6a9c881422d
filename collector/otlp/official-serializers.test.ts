/**
 * Bodies written by the official OpenTelemetry JS serializers (the ones the
 * OTLP exporters use) must decode with every field intact.
 */
import { describe, expect, it } from 'vitest';
import { JsonTraceSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { context, SpanKind as ApiSpanKind, SpanStatusCode, trace, type HrTime } from '@opentelemetry/api';
import { decodeTraceRequest, type OtlpContentType, type OtlpSpan, type OtlpTraceRequest } from './index.ts';

function recordSpans(): ReadableSpan[] {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'weather-agent', 'deployment.environment': 'test' }),
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  const tracer = provider.getTracer('toolscope-test', '1.2.3');
  const agent = tracer.startSpan('invoke_agent planner', {
    kind: ApiSpanKind.CLIENT,
    attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'planner' },
  });
  const tool = tracer.startSpan(
    'execute_tool get_weather',
    {
      kind: ApiSpanKind.INTERNAL,
      attributes: {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': 'get_weather',
        'gen_ai.tool.call.arguments': '{"city":"Paris"}',
        'toolscope.retry.attempt': 2,
        'big.int': 2 ** 40 + 7,
        'negative.int': -5,
        ratio: 0.25,
        flag: false,
        'string.list': ['a', 'b'],
        'number.list': [1.5, 2.5],
        'bool.list': [true, false],
        unicode: 'naïve ☂ 東京',
      },
      startTime: [1_760_000_000, 123_456_789],
    },
    trace.setSpan(context.active(), agent),
  );
  tool.addEvent('exception', { 'exception.type': 'TimeoutError', 'exception.message': 'timed out after 5s' }, [
    1_760_000_001,
    5,
  ]);
  tool.setStatus({ code: SpanStatusCode.ERROR, message: 'timed out after 5s' });
  tool.end([1_760_000_002, 999_999_999]);
  agent.setStatus({ code: SpanStatusCode.OK });
  agent.end();
  return exporter.getFinishedSpans();
}

function nanos(time: HrTime): bigint {
  return BigInt(time[0]) * 1_000_000_000n + BigInt(time[1]);
}

function allSpans(request: OtlpTraceRequest): OtlpSpan[] {
  return request.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
}

const serializers: Record<OtlpContentType, (spans: ReadableSpan[]) => Uint8Array> = {
  protobuf: (spans) => ProtobufTraceSerializer.serializeRequest(spans)!,
  json: (spans) => JsonTraceSerializer.serializeRequest(spans)!,
};

describe.each(['protobuf', 'json'] as const)('official %s serializer round trip', (contentType) => {
  const spans = recordSpans();
  const decoded = decodeTraceRequest(serializers[contentType](spans), contentType);

  it('keeps the resource and the scope', () => {
    expect(decoded.resourceSpans).toHaveLength(1);
    const [resourceSpans] = decoded.resourceSpans;
    expect(resourceSpans!.resource.attributes['service.name']).toBe('weather-agent');
    expect(resourceSpans!.resource.attributes['deployment.environment']).toBe('test');
    expect(resourceSpans!.scopeSpans).toHaveLength(1);
    expect(resourceSpans!.scopeSpans[0]!.scope.name).toBe('toolscope-test');
    expect(resourceSpans!.scopeSpans[0]!.scope.version).toBe('1.2.3');
  });

  it('keeps every span field', () => {
    const decodedSpans = allSpans(decoded);
    expect(decodedSpans).toHaveLength(spans.length);
    for (const original of spans) {
      const span = decodedSpans.find((candidate) => candidate.spanId === original.spanContext().spanId);
      expect(span, original.name).toBeDefined();
      expect(span!.traceId).toBe(original.spanContext().traceId);
      expect(span!.parentSpanId).toBe(original.parentSpanContext?.spanId ?? null);
      expect(span!.name).toBe(original.name);
      // The API's SpanKind is OTLP's minus one (INTERNAL 0 → 1).
      expect(span!.kind).toBe(original.kind + 1);
      expect(span!.startTimeUnixNano).toBe(nanos(original.startTime));
      expect(span!.endTimeUnixNano).toBe(nanos(original.endTime));
      expect(span!.status).toEqual({ code: original.status.code, message: original.status.message ?? '' });
      expect({ ...span!.attributes }).toEqual(original.attributes);
      expect(span!.events.map((event) => ({ ...event, attributes: { ...event.attributes } }))).toEqual(
        original.events.map((event) => ({
          name: event.name,
          timeUnixNano: nanos(event.time),
          attributes: event.attributes,
        })),
      );
      expect(span!.flags & 0xff).toBe(original.spanContext().traceFlags);
    }
  });

  it('reads exact nanoseconds, integers and doubles', () => {
    const tool = allSpans(decoded).find((span) => span.name === 'execute_tool get_weather')!;
    expect(tool.startTimeUnixNano).toBe(1_760_000_000_123_456_789n);
    expect(tool.endTimeUnixNano).toBe(1_760_000_002_999_999_999n);
    expect(tool.attributes['big.int']).toBe(2 ** 40 + 7);
    expect(tool.attributes['negative.int']).toBe(-5);
    expect(tool.attributes['ratio']).toBe(0.25);
    expect(tool.attributes['flag']).toBe(false);
    expect(tool.attributes['unicode']).toBe('naïve ☂ 東京');
    expect(tool.status.code).toBe(2);
  });
});
