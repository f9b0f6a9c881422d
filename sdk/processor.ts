/**
 * The second way in: for applications that already run OpenTelemetry
 * (typically `NodeSDK`), a span processor to add to their `spanProcessors`.
 * It batches and forwards only GenAI spans (tools, model calls, agent runs)
 * to the Toolscope collector; the application's other processors and
 * exporters see every span as before.
 */
import type { Context } from '@opentelemetry/api';
import { BatchSpanProcessor, type ReadableSpan, type Span, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { z } from 'zod';
import { GenAI, OpenInference, Traceloop, VercelAI } from './attributes.ts';
import { createCollectorExporter, DEFAULT_BATCH, DEFAULT_ENDPOINT, type BatchSettings } from './exporter.ts';
import { optionsError } from './options-error.ts';

export interface ToolscopeSpanProcessorOptions {
  /** Default `TOOLSCOPE_ENDPOINT`, else http://localhost:4318. */
  readonly endpoint?: string;
  /** Default `TOOLSCOPE_API_KEY`. Not needed when `exporter` is given. */
  readonly apiKey?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly batch?: BatchSettings;
  /** Replaces the OTLP exporter (tests, counting, other backends). */
  readonly exporter?: SpanExporter;
  /** Replaces the choice of spans to forward; default `isGenAISpan`. */
  readonly filter?: (span: ReadableSpan) => boolean;
}

const OptionsSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://localhost:4318' }),
  apiKey: z.string().min(1).optional(),
});

/**
 * A span Toolscope understands: GenAI operations (`gen_ai.operation.name`),
 * anything of ours (`toolscope.*`), and the tool spans of OpenInference,
 * OpenLLMetry and the Vercel AI SDK, which the collector also normalises.
 */
export function isGenAISpan(span: ReadableSpan): boolean {
  const attributes = span.attributes;
  if (attributes[GenAI.OPERATION_NAME] !== undefined) return true;
  if (attributes[OpenInference.SPAN_KIND] !== undefined || attributes[Traceloop.SPAN_KIND] !== undefined) return true;
  if (span.name === VercelAI.TOOL_CALL_SPAN_NAME) return true;
  for (const key in attributes) if (key.startsWith('toolscope.')) return true;
  return false;
}

class ToolscopeSpanProcessor implements SpanProcessor {
  readonly #inner: SpanProcessor;
  readonly #filter: (span: ReadableSpan) => boolean;
  #shutdown: Promise<void> | undefined;

  constructor(inner: SpanProcessor, filter: (span: ReadableSpan) => boolean) {
    this.#inner = inner;
    this.#filter = filter;
  }

  onStart(span: Span, parentContext: Context): void {
    this.#inner.onStart(span, parentContext);
  }

  onEnd(span: ReadableSpan): void {
    if (this.#shutdown || !this.#filter(span)) return;
    this.#inner.onEnd(span);
  }

  forceFlush(): Promise<void> {
    return this.#inner.forceFlush();
  }

  shutdown(): Promise<void> {
    this.#shutdown ??= this.#inner.shutdown();
    return this.#shutdown;
  }
}

export function toolscopeSpanProcessor(options: ToolscopeSpanProcessorOptions = {}): SpanProcessor {
  const endpoint = options.endpoint ?? process.env['TOOLSCOPE_ENDPOINT']?.trim() ?? DEFAULT_ENDPOINT;
  const apiKey = options.apiKey ?? (process.env['TOOLSCOPE_API_KEY']?.trim() || undefined);
  const parsed = OptionsSchema.safeParse({ endpoint: endpoint || DEFAULT_ENDPOINT, apiKey });
  if (!parsed.success) throw optionsError('toolscopeSpanProcessor', parsed.error);
  let exporter = options.exporter;
  if (!exporter) {
    if (!parsed.data.apiKey) {
      throw new TypeError('toolscopeSpanProcessor: no API key. Pass `apiKey` or set TOOLSCOPE_API_KEY.');
    }
    exporter = createCollectorExporter({
      endpoint: parsed.data.endpoint,
      apiKey: parsed.data.apiKey,
      ...(options.headers ? { headers: options.headers } : {}),
    });
  }
  const batch = new BatchSpanProcessor(exporter, { ...DEFAULT_BATCH, ...options.batch });
  return new ToolscopeSpanProcessor(batch, options.filter ?? isGenAISpan);
}
