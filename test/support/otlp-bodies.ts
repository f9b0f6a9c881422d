/**
 * OTLP request bodies made by the official serializers (the bytes an exporter
 * sends), for tests that need to send the same body twice or tamper with it.
 */
import { JsonTraceSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { Tracer } from '@opentelemetry/api';

/** Runs `record` against a tracer and returns the finished spans. */
export async function recordSpans(record: (tracer: Tracer) => void): Promise<ReadableSpan[]> {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'toolscope-test' }),
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  record(provider.getTracer('toolscope-test'));
  await provider.forceFlush();
  const spans = exporter.getFinishedSpans();
  await provider.shutdown();
  return spans;
}

export function protobufBody(spans: ReadableSpan[]): Buffer {
  return Buffer.from(ProtobufTraceSerializer.serializeRequest(spans)!);
}

export function jsonBody(spans: ReadableSpan[]): Buffer {
  return Buffer.from(JsonTraceSerializer.serializeRequest(spans)!);
}

/** `n` tool spans named `tool-<i % tools>`, every fifth a failure. */
export function toolSpans(tracer: Tracer, n: number, tools = 3): void {
  for (let i = 0; i < n; i++) {
    const span = tracer.startSpan(`execute_tool tool-${i % tools}`, {
      attributes: {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': `tool-${i % tools}`,
        'gen_ai.tool.call.arguments': JSON.stringify({ i }),
        ...(i % 5 === 4 ? { 'error.type': 'execution/timeout' } : {}),
      },
    });
    span.end();
  }
}
