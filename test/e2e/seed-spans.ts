/**
 * Realistic agent traffic for the dashboard tests, sent as real OTLP spans
 * through the official exporter into a running collector: agent runs with
 * model turns and tool calls over the last 20 hours, failures of every
 * category, retries, a refusal now and then, loops, and a failure spike on
 * one tool a few hours ago. Deterministic: the same seed gives the same runs,
 * only shifted to end near `now`.
 */
import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Span, type Tracer } from '@opentelemetry/api';

interface ToolProfile {
  name: string;
  medianMs: number;
  failureRate: number;
  /** Gets the call's arguments too, so a message names what was asked for. */
  failure: (random: () => number, args: Record<string, unknown>) => { category: string; type: string; message: string; retryable: boolean; suggestions?: string[] };
  args: (random: () => number) => Record<string, unknown>;
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const TOOLS: ToolProfile[] = [
  {
    name: 'search_docs',
    medianMs: 180,
    failureRate: 0.04,
    failure: () => ({ category: 'execution', type: 'timeout', message: 'The tool did not finish after 5000 ms.', retryable: true }),
    args: (r) => ({ query: pick(r, ['refund policy', 'reset password', 'shipping times', 'api limits']) }),
  },
  {
    name: 'read_file',
    medianMs: 12,
    failureRate: 0.12,
    failure: (_r, args) => ({
      category: 'execution',
      type: 'not_found',
      message: `File not found: ${String(args.path)}`,
      retryable: false,
      suggestions: ['List the directory first and use one of the paths it returns.'],
    }),
    args: (r) => ({ path: `docs/${pick(r, ['faq', 'billing', 'setup/install', 'limits'])}.md` }),
  },
  {
    name: 'send_email',
    medianMs: 420,
    failureRate: 0.06,
    failure: () => ({
      category: 'arguments',
      type: 'schema_violation',
      message: 'to: expected string, received undefined',
      retryable: false,
      suggestions: ['Fix the fields listed in `issues` and call the tool again.'],
    }),
    args: (r) => ({ to: `customer${Math.floor(r() * 900 + 100)}@example.com`, subject: 'About your request', api_key: 'sk-live-should-be-redacted' }),
  },
  {
    name: 'create_ticket',
    medianMs: 260,
    failureRate: 0.03,
    failure: () => ({ category: 'execution', type: 'rate_limited', message: 'Rate limited by the ticketing API, retry after 2 s', retryable: true }),
    args: (r) => ({ title: pick(r, ['Refund request', 'Login problem', 'Late delivery']), priority: pick(r, ['low', 'normal', 'high']) }),
  },
  {
    name: 'web_fetch',
    medianMs: 650,
    failureRate: 0.1,
    failure: (_r, args) => ({
      category: 'execution',
      type: 'upstream_error',
      message: `GET ${String(args.url)} returned 503`,
      retryable: true,
    }),
    args: (r) => ({ url: `https://status.example.com/${Math.floor(r() * 90 + 10)}` }),
  },
  {
    name: 'get_weather',
    medianMs: 90,
    failureRate: 0.01,
    failure: () => ({ category: 'arguments', type: 'invalid_json', message: 'Unexpected token } in JSON at position 14', retryable: false }),
    args: (r) => ({ city: pick(r, ['Berlin', 'Lisbon', 'Osaka', 'Austin']) }),
  },
];

const AGENTS = [
  { name: 'support-agent', tools: ['search_docs', 'read_file', 'send_email', 'create_ticket'], model: 'gpt-4.1' },
  { name: 'research-agent', tools: ['web_fetch', 'search_docs', 'read_file', 'get_weather'], model: 'claude-sonnet-4' },
];

/** mulberry32: small, fast, good enough for test data. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function duration(random: () => number, medianMs: number): number {
  // Log-normal around the median: most calls near it, a long tail to the right.
  const gaussian = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return Math.max(0.5, medianMs * Math.exp(0.6 * gaussian));
}

function child(tracer: Tracer, parent: Span, name: string, kind: SpanKind, start: number, attributes: Attributes): Span {
  return tracer.startSpan(name, { kind, attributes, startTime: new Date(start) }, trace.setSpan(context.active(), parent));
}

export interface SeedOptions {
  runs?: number;
  seed?: number;
  now?: number;
  /** Spread runs over this many hours before `now`. */
  hours?: number;
}

/** Records the runs on `tracer`; the caller flushes its exporter. */
export function recordAgentTraffic(tracer: Tracer, options: SeedOptions = {}): { runs: number } {
  const random = seededRandom(options.seed ?? 7);
  const runs = options.runs ?? 160;
  const now = options.now ?? Date.now();
  const spanMs = (options.hours ?? 20) * 3_600_000;
  // Ends a few minutes ago, so every run is complete inside a "last 24 hours" view.
  const end = now - 5 * 60_000;

  for (let i = 0; i < runs; i++) {
    const agent = AGENTS[i % AGENTS.length]!;
    let t = end - spanMs + Math.floor((i / runs) * spanMs) + Math.floor(random() * 60_000);
    const hoursAgo = (now - t) / 3_600_000;
    // An outage of the status site between 6 and 4 hours ago: web_fetch fails most of the time.
    const spike = hoursAgo < 6 && hoursAgo > 4;
    const root = tracer.startSpan(
      `invoke_agent ${agent.name}`,
      {
        kind: SpanKind.INTERNAL,
        startTime: new Date(t),
        attributes: {
          'gen_ai.operation.name': 'invoke_agent',
          'gen_ai.agent.name': agent.name,
          'gen_ai.request.model': agent.model,
          'gen_ai.conversation.id': `session-${Math.floor(i / 3)}`,
        },
      },
      context.active(),
    );
    const loopRun = i % 23 === 5;
    const refusalRun = i % 37 === 11;
    const steps = loopRun ? 7 : 2 + Math.floor(random() * 5);
    let failedCalls = 0;
    for (let step = 0; step < steps; step++) {
      const modelMs = duration(random, 700);
      const model = child(tracer, root, `chat ${agent.model}`, SpanKind.CLIENT, t, {
        'gen_ai.operation.name': 'chat',
        'gen_ai.request.model': agent.model,
        'gen_ai.agent.name': agent.name,
      });
      if (refusalRun && step === 1) {
        model.setAttributes({
          'error.type': 'protocol/refusal',
          'toolscope.error.category': 'protocol',
          'toolscope.error.type': 'refusal',
          'toolscope.refusal.kind': 'hard',
          'toolscope.refusal.hits': JSON.stringify([{ phrase: "I can't help with that", language: 'en', kind: 'hard' }]),
        });
        model.setStatus({ code: SpanStatusCode.ERROR, message: 'model refused' });
        model.end(new Date(t + modelMs));
        t += modelMs;
        break;
      }
      model.end(new Date(t + modelMs));
      t += modelMs + 5;

      const toolName = loopRun ? 'search_docs' : pick(random, agent.tools);
      const profile = TOOLS.find((p) => p.name === toolName)!;
      const args = loopRun ? { query: 'refund policy' } : profile.args(random);
      const failureRate = spike && profile.name === 'web_fetch' ? 0.7 : profile.failureRate;
      let attempt = 1;
      let firstSpanId: string | undefined;
      let retryReason: string | undefined;
      const callId = `call_${i}_${step}`;
      // One tool call: a first attempt, and up to two retries when the error is retryable.
      for (;;) {
        const ms = duration(random, profile.medianMs);
        const fails = random() < failureRate;
        const span = child(tracer, root, `execute_tool ${profile.name}`, SpanKind.INTERNAL, t, {
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': profile.name,
          'gen_ai.tool.call.id': callId,
          'gen_ai.tool.call.arguments': JSON.stringify(args),
          'toolscope.retry.attempt': attempt,
          'toolscope.retry.max_attempts': 3,
          ...(retryReason ? { 'toolscope.retry.reason': retryReason, 'toolscope.retry.first_span_id': firstSpanId! } : {}),
        });
        firstSpanId ??= span.spanContext().spanId;
        if (fails) {
          const failure = profile.failure(random, args);
          span.setAttributes({
            'toolscope.outcome': 'failure',
            'error.type': `${failure.category}/${failure.type}`,
            'toolscope.error.category': failure.category,
            'toolscope.error.type': failure.type,
            'toolscope.error.message': failure.message,
            'toolscope.error.retryable': failure.retryable,
            ...(failure.suggestions ? { 'toolscope.error.suggestions': JSON.stringify(failure.suggestions) } : {}),
          });
          span.setStatus({ code: SpanStatusCode.ERROR, message: failure.message });
          span.end(new Date(t + ms));
          t += ms + 20;
          if (failure.retryable && attempt < 3) {
            attempt += 1;
            retryReason = `${failure.category}/${failure.type}`;
            continue;
          }
          failedCalls += 1;
        } else {
          span.setAttributes({ 'toolscope.outcome': 'success', 'gen_ai.tool.call.result': JSON.stringify({ ok: true }) });
          span.setStatus({ code: SpanStatusCode.OK });
          span.end(new Date(t + ms));
          t += ms + 10;
        }
        break;
      }
    }
    // Now and then the model asks for a tool that does not exist.
    if (i % 29 === 3) {
      const span = child(tracer, root, 'execute_tool delete_user', SpanKind.INTERNAL, t, {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': 'delete_user',
        'toolscope.outcome': 'failure',
        'error.type': 'selection/unknown_tool',
        'toolscope.error.category': 'selection',
        'toolscope.error.type': 'unknown_tool',
        'toolscope.error.message': 'No tool named "delete_user".',
      });
      span.setStatus({ code: SpanStatusCode.ERROR, message: 'No tool named "delete_user".' });
      span.end(new Date(t + 1));
      t += 2;
    }
    root.setAttribute('toolscope.run.failed_tool_calls', failedCalls);
    root.setStatus({ code: SpanStatusCode.OK });
    root.end(new Date(t + 50));
  }
  return { runs };
}
