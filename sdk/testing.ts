/**
 * A test double for users' own tests: a Toolscope that records into memory
 * (OpenTelemetry's `InMemorySpanExporter`), exporting each span as it ends so
 * assertions need no flushing or waiting.
 */
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { toolscopeFromProvider, type Toolscope, type ToolscopeOptions } from './toolscope.ts';

export interface TestToolscope extends Toolscope {
  readonly exporter: InMemorySpanExporter;
  /** Every span ended so far, in end order. */
  spans(): ReadableSpan[];
  /** Spans whose name is `name`, or whose name starts with `name + ' '` (`execute_tool` matches `execute_tool read_file`). */
  spansNamed(name: string): ReadableSpan[];
  /** Forgets the spans recorded so far. */
  reset(): void;
}

export function createTestToolscope(
  options: Pick<ToolscopeOptions, 'agentName' | 'capture' | 'redact' | 'refusalPhrases' | 'random'> = {},
): TestToolscope {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  let closing: Promise<void> | undefined;
  const toolscope = toolscopeFromProvider(
    {
      mode: 'own',
      provider,
      flush: () => provider.forceFlush(),
      shutdown: () => (closing ??= provider.shutdown()),
    },
    options,
  );
  return {
    ...toolscope,
    exporter,
    spans: () => exporter.getFinishedSpans(),
    spansNamed: (name) => exporter.getFinishedSpans().filter((span) => span.name === name || span.name.startsWith(`${name} `)),
    reset: () => exporter.reset(),
  };
}
