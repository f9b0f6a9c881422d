/**
 * Wraps the exporter and keeps the spans the collector accepted, so the demo
 * reports what it actually delivered, not what it meant to send.
 */
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';

export class CountingExporter implements SpanExporter {
  readonly delivered: ReadableSpan[] = [];
  failedSpans = 0;
  lastError: Error | undefined;
  readonly #inner: SpanExporter;

  constructor(inner: SpanExporter) {
    this.#inner = inner;
  }

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    this.#inner.export(spans, (result) => {
      if (result.code === ExportResultCode.SUCCESS) this.delivered.push(...spans);
      else {
        this.failedSpans += spans.length;
        this.lastError = result.error;
      }
      resultCallback(result);
    });
  }

  shutdown(): Promise<void> {
    return this.#inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.#inner.forceFlush?.() ?? Promise.resolve();
  }
}
