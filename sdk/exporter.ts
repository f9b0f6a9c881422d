/**
 * The OTLP/HTTP protobuf exporter pointed at a Toolscope collector, and the
 * batching settings both ways in share.
 */
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';

export const DEFAULT_ENDPOINT = 'http://localhost:4318';

export interface BatchSettings {
  readonly scheduledDelayMillis?: number;
  readonly maxExportBatchSize?: number;
  readonly maxQueueSize?: number;
  readonly exportTimeoutMillis?: number;
}

/**
 * Agents burst: one run can end dozens of spans at once, so the queue is larger
 * than the OpenTelemetry default (2048) to avoid dropping under load.
 */
export const DEFAULT_BATCH: Required<BatchSettings> = {
  scheduledDelayMillis: 1_000,
  maxExportBatchSize: 512,
  maxQueueSize: 8_192,
  exportTimeoutMillis: 30_000,
};

export interface CollectorTarget {
  /** Base URL of the collector, e.g. `http://localhost:4318`; `/v1/traces` is appended. */
  readonly endpoint: string;
  readonly apiKey: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/v1/traces`;
}

export function createCollectorExporter(target: CollectorTarget): OTLPTraceExporter {
  return new OTLPTraceExporter({
    url: tracesUrl(target.endpoint),
    headers: { ...target.headers, Authorization: `Bearer ${target.apiKey}` },
  });
}
