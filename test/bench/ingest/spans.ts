/**
 * Realistic OTLP request bodies for the ingest benchmark: runs of an agent
 * (one invoke_agent span, a model turn, 8–12 tool calls with arguments and
 * results of a few hundred bytes, ~12% failures, some retries), serialised by
 * the official protobuf serializer, as a BatchSpanProcessor would send them.
 */
import { context, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';

const TOOLS = ['read_file', 'list_files', 'search_content', 'write_file', 'http_get', 'run_sql', 'send_email', 'get_weather'];
const ERRORS = ['execution/not_found', 'arguments/schema_violation', 'execution/timeout', 'execution/permission_denied', 'execution/upstream_error'];

/** A deterministic PRNG, so every run sends the same data. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function recordRun(tracer: Tracer, random: () => number, runIndex: number): number {
  const agentName = `agent-${runIndex % 4}`;
  const root = tracer.startSpan(`invoke_agent ${agentName}`, {
    attributes: {
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': agentName,
      'gen_ai.conversation.id': `session-${runIndex % 97}`,
      'gen_ai.request.model': random() < 0.5 ? 'gpt-4.1' : 'claude-sonnet-4',
    },
  });
  const ctx = trace.setSpan(context.active(), root);
  tracer.startSpan('chat gpt-4.1', { attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-4.1' } }, ctx).end();
  const calls = 8 + Math.floor(random() * 5);
  for (let i = 0; i < calls; i++) {
    const tool = TOOLS[Math.floor(random() * TOOLS.length)]!;
    const failed = random() < 0.12;
    const span = tracer.startSpan(`execute_tool ${tool}`, {
      attributes: {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': tool,
        'gen_ai.tool.call.id': `call_${runIndex}_${i}`,
        'gen_ai.tool.call.arguments': JSON.stringify({ path: `src/module-${Math.floor(random() * 500)}/file-${i}.ts`, offset: Math.floor(random() * 100), limit: 200 }),
        ...(failed
          ? { 'error.type': ERRORS[Math.floor(random() * ERRORS.length)]! }
          : { 'gen_ai.tool.call.result': JSON.stringify({ ok: true, lines: Array.from({ length: 6 }, (_, k) => `line ${k}: ${'x'.repeat(30)}`) }) }),
        ...(random() < 0.05 ? { 'toolscope.retry.attempt': 2, 'toolscope.retry.reason': 'execution/timeout' } : {}),
      },
    }, ctx);
    if (failed) span.setStatus({ code: SpanStatusCode.ERROR, message: `File not found: src/module-${i}.ts` });
    span.end();
  }
  root.end();
  return calls;
}

export interface BenchBodies {
  bodies: Buffer[];
  toolSpans: number;
  allSpans: number;
}

/** Builds `requests` bodies of about `spansPerRequest` spans each. */
export async function buildBodies(requests: number, spansPerRequest: number, seed = 7): Promise<BenchBodies> {
  const random = mulberry32(seed);
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'bench-agent' }),
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  const tracer = provider.getTracer('bench');
  const bodies: Buffer[] = [];
  let toolSpans = 0;
  let allSpans = 0;
  let run = 0;
  for (let r = 0; r < requests; r++) {
    while (exporter.getFinishedSpans().length < spansPerRequest) toolSpans += recordRun(tracer, random, run++);
    const spans: ReadableSpan[] = exporter.getFinishedSpans();
    allSpans += spans.length;
    bodies.push(Buffer.from(ProtobufTraceSerializer.serializeRequest(spans)!));
    exporter.reset();
  }
  await provider.shutdown();
  return { bodies, toolSpans, allSpans };
}
