/**
 * Real OpenTelemetry pipelines for tests: a tracer provider exporting through
 * the official OTLP exporters (protobuf or JSON) to a collector URL.
 */
import { context, trace, type Attributes, type Span, type SpanKind, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter as ProtoExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';

export interface ExportPipeline {
  tracer: Tracer;
  provider: BasicTracerProvider;
  /** Exports everything recorded so far; resolves once the collector answered. */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

export function exportPipeline(options: {
  url: string;
  apiKey: string;
  format: 'protobuf' | 'json';
  gzip?: boolean;
  serviceName?: string;
  timeoutMillis?: number;
  maxExportBatchSize?: number;
}): ExportPipeline {
  const exporterOptions = {
    url: `${options.url}/v1/traces`,
    headers: { Authorization: `Bearer ${options.apiKey}` },
    compression: options.gzip ? ('gzip' as never) : ('none' as never),
    timeoutMillis: options.timeoutMillis ?? 10_000,
  };
  const exporter = options.format === 'protobuf' ? new ProtoExporter(exporterOptions) : new JsonExporter(exporterOptions);
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName ?? 'toolscope-test' }),
    spanProcessors: [
      new BatchSpanProcessor(exporter, {
        maxExportBatchSize: options.maxExportBatchSize ?? 512,
        maxQueueSize: 100_000,
        scheduledDelayMillis: 50,
        exportTimeoutMillis: options.timeoutMillis ?? 10_000,
      }),
    ],
  });
  return {
    tracer: provider.getTracer('toolscope-test'),
    provider,
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}

/** Starts a span as a child of `parent` (or a root when parent is undefined). */
export function childSpan(tracer: Tracer, name: string, attributes: Attributes, parent?: Span, kind?: SpanKind): Span {
  const ctx = parent ? trace.setSpan(context.active(), parent) : context.active();
  return tracer.startSpan(name, { attributes, ...(kind === undefined ? {} : { kind }) }, ctx);
}
