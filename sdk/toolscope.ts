/**
 * `createToolscope`: one call that wires telemetry. When the application
 * already registered an OpenTelemetry tracer provider, Toolscope records
 * through it; otherwise it keeps a provider of its own that batches spans to
 * the collector. It never registers that provider globally, so it cannot
 * capture or disturb the application's other spans.
 */
import { ProxyTracerProvider, trace, type TracerProvider } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { z } from 'zod';
import { Otel, Toolscope as ToolscopeAttr } from './attributes.ts';
import { DEFAULT_CAPTURE, getDefaultCore, setDefaultCore, type ToolscopeCore } from './core.ts';
import { createCollectorExporter, DEFAULT_BATCH, DEFAULT_ENDPOINT } from './exporter.ts';
import { recordModelTurn, type ModelTurn, type ModelTurnVerdict } from './model-turn.ts';
import { optionsError } from './options-error.ts';
import { DEFAULT_REFUSAL_PHRASES } from './refusal.ts';
import { run, type RunHandle, type RunOptions, type RunOutcome } from './run.ts';
import { defineTool, type Tool, type ToolSpec } from './tool.ts';
import { SDK_VERSION, TRACER_NAME } from './version.ts';

const RefusalPhraseSchema = z.object({ phrase: z.string().min(1), language: z.string().min(1), kind: z.enum(['hard', 'soft']) });

export const ToolscopeOptionsSchema = z.object({
  /** Collector base URL. Default `TOOLSCOPE_ENDPOINT`, else http://localhost:4318. */
  endpoint: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://localhost:4318' }).optional(),
  /** Project API key. Default `TOOLSCOPE_API_KEY`. Needed only when Toolscope exports itself. */
  apiKey: z.string().min(1, 'must not be empty').optional(),
  /** `service.name` of the spans Toolscope exports itself. Default: the agent name, else `toolscope-agent`. */
  serviceName: z.string().min(1).optional(),
  /** Default agent name for runs and for tool calls made outside a run. */
  agentName: z.string().min(1).optional(),
  /**
   * `auto` (default): use a registered global provider if there is one (add `toolscopeSpanProcessor` to it so
   * its spans reach the collector), else export ourselves. `own`: always export ourselves. `global`: never.
   */
  provider: z.enum(['auto', 'own', 'global']).optional(),
  capture: z
    .object({
      arguments: z.boolean(),
      results: z.boolean(),
      maxChars: z.number().int().min(256, 'must be at least 256').max(1_000_000),
    })
    .partial()
    .optional(),
  redact: z.object({ keys: z.array(z.string().min(1)), patterns: z.array(z.instanceof(RegExp)) }).partial().optional(),
  /** Added to the built-in refusal table. */
  refusalPhrases: z.array(RefusalPhraseSchema).optional(),
  headers: z.record(z.string(), z.string()).optional(),
  batch: z
    .object({
      scheduledDelayMillis: z.number().int().min(0),
      maxExportBatchSize: z.number().int().positive(),
      maxQueueSize: z.number().int().positive(),
      exportTimeoutMillis: z.number().int().positive(),
    })
    .partial()
    .optional(),
  /** Replaces the OTLP exporter (tests, other backends). */
  exporter: z
    .custom<SpanExporter>((value) => typeof (value as SpanExporter | undefined)?.export === 'function', 'must be a SpanExporter')
    .optional(),
  /** Randomness for retry jitter and call ids; pass a seeded one for reproducible runs. */
  random: z.custom<() => number>((value) => typeof value === 'function', 'must be a function returning [0, 1)').optional(),
});
export type ToolscopeOptions = z.input<typeof ToolscopeOptionsSchema>;

export interface Toolscope {
  readonly core: ToolscopeCore;
  /** `own`: Toolscope exports through its own provider; `global`: through the application's. */
  readonly mode: 'own' | 'global';
  /** `defineTool` whose calls record through this Toolscope. */
  defineTool<S extends z.ZodType, R>(spec: ToolSpec<S, R>): Tool<S, R>;
  run<T>(options: Omit<RunOptions, 'toolscope'>, fn: (run: RunHandle) => Promise<T> | T): Promise<RunOutcome<T>>;
  recordModelTurn(turn: Omit<ModelTurn, 'toolscope'>): ModelTurnVerdict;
  /** Exports everything recorded so far; rejects if the collector did not take it. */
  flush(): Promise<void>;
  /** Flushes, then releases the exporter. Safe to call twice; a global provider is flushed, not shut down. */
  shutdown(): Promise<void>;
}

/** Whether the application registered a tracer provider with the OpenTelemetry API. */
export function globalProviderRegistered(): boolean {
  const provider = trace.getTracerProvider();
  if (!(provider instanceof ProxyTracerProvider)) return true;
  return provider.getDelegateTracer(TRACER_NAME) !== undefined;
}

interface Backend {
  readonly mode: 'own' | 'global';
  readonly provider: TracerProvider;
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

function readEnv(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}

export function createToolscope(options: ToolscopeOptions = {}): Toolscope {
  const parsed = ToolscopeOptionsSchema.safeParse({
    ...options,
    endpoint: options.endpoint ?? readEnv('TOOLSCOPE_ENDPOINT'),
    apiKey: options.apiKey ?? readEnv('TOOLSCOPE_API_KEY'),
  });
  if (!parsed.success) throw optionsError('createToolscope', parsed.error);
  const opts = parsed.data;
  // An explicit exporter means "export here": only `provider: 'global'` overrides it.
  const useGlobal = opts.provider === 'global' || (opts.provider !== 'own' && !opts.exporter && globalProviderRegistered());
  const backend = useGlobal ? globalBackend() : ownBackend(opts);
  return toolscopeFromProvider(backend, opts);
}

function globalBackend(): Backend {
  const flush = async (): Promise<void> => {
    const provider = trace.getTracerProvider();
    const delegate = provider instanceof ProxyTracerProvider ? provider.getDelegate() : provider;
    const flushable = delegate as TracerProvider & { forceFlush?: () => Promise<void> };
    if (typeof flushable.forceFlush === 'function') await flushable.forceFlush();
  };
  // The application owns its provider's lifetime: shutting down Toolscope only flushes it.
  return { mode: 'global', provider: trace.getTracerProvider(), flush, shutdown: flush };
}

function ownBackend(opts: z.output<typeof ToolscopeOptionsSchema>): Backend {
  let exporter = opts.exporter;
  if (!exporter) {
    if (!opts.apiKey) {
      throw new TypeError(
        'createToolscope: no API key. Pass `apiKey` or set TOOLSCOPE_API_KEY (create one with `toolscope keys create`), ' +
          'or register an OpenTelemetry tracer provider before calling createToolscope.',
      );
    }
    exporter = createCollectorExporter({
      endpoint: opts.endpoint ?? DEFAULT_ENDPOINT,
      apiKey: opts.apiKey,
      ...(opts.headers ? { headers: opts.headers } : {}),
    });
  }
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({
      [Otel.SERVICE_NAME]: opts.serviceName ?? opts.agentName ?? 'toolscope-agent',
      [ToolscopeAttr.SDK_VERSION]: SDK_VERSION,
    }),
    spanProcessors: [new BatchSpanProcessor(exporter, { ...DEFAULT_BATCH, ...opts.batch })],
  });
  let closing: Promise<void> | undefined;
  return {
    mode: 'own',
    provider,
    flush: () => provider.forceFlush(),
    shutdown: () => (closing ??= provider.shutdown()),
  };
}

/** Builds the Toolscope object over a backend; shared by `createToolscope` and `createTestToolscope`. */
export function toolscopeFromProvider(
  backend: Backend,
  opts: Pick<z.output<typeof ToolscopeOptionsSchema>, 'agentName' | 'capture' | 'redact' | 'refusalPhrases' | 'random'>,
): Toolscope {
  const core: ToolscopeCore = {
    tracer: backend.provider.getTracer(TRACER_NAME, SDK_VERSION),
    agentName: opts.agentName,
    capture: { ...DEFAULT_CAPTURE, ...opts.capture },
    redaction: opts.redact ?? {},
    refusalPhrases: [...DEFAULT_REFUSAL_PHRASES, ...(opts.refusalPhrases ?? [])],
    random: opts.random ?? Math.random,
  };
  let shutdown: Promise<void> | undefined;
  const toolscope: Toolscope = {
    core,
    mode: backend.mode,
    defineTool(spec) {
      const tool = defineTool(spec);
      return { ...tool, call: (input, callOptions = {}) => tool.call(input, { toolscope, ...callOptions }) };
    },
    run: (runOptions, fn) => run({ ...runOptions, toolscope }, fn),
    recordModelTurn: (turn) => recordModelTurn({ ...turn, toolscope }),
    flush: () => backend.flush(),
    shutdown() {
      shutdown ??= backend.shutdown().finally(() => {
        if (getDefaultCore() === core) setDefaultCore(undefined);
      });
      return shutdown;
    },
  };
  setDefaultCore(core);
  return toolscope;
}
