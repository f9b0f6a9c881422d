import { context, propagation, trace } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startCaptureServer, type CaptureServer } from './capture-server.test-support.ts';
import { isGenAISpan, toolscopeSpanProcessor } from './processor.ts';
import { createToolscope } from './toolscope.ts';
import { defineTool } from './tool.ts';

const lookup = defineTool({ name: 'lookup', description: 'Look up a word', schema: z.object({ word: z.string() }), run: ({ word }) => `${word}: a word` });

let server: CaptureServer;
let sdk: NodeSDK | undefined;
beforeEach(async () => {
  server = await startCaptureServer();
});
afterEach(async () => {
  await sdk?.shutdown();
  sdk = undefined;
  // NodeSDK registers globals; free them so the next test can start its own.
  trace.disable();
  context.disable();
  propagation.disable();
  await server.close();
});

/** What an application with OpenTelemetry already does: its own exporter, plus ours added to spanProcessors. */
function startApp(toolscopeProcessor: ReturnType<typeof toolscopeSpanProcessor>): InMemorySpanExporter {
  const appExporter = new InMemorySpanExporter();
  sdk = new NodeSDK({
    resource: resourceFromAttributes({ 'service.name': 'shop-api' }),
    spanProcessors: [new SimpleSpanProcessor(appExporter), toolscopeProcessor],
    instrumentations: [],
  });
  sdk.start();
  return appExporter;
}

async function agentWork(): Promise<void> {
  const toolscope = createToolscope();
  expect(toolscope.mode).toBe('global');
  const appTracer = trace.getTracer('shop');
  await appTracer.startActiveSpan('GET /orders', async (request) => {
    await toolscope.run({ agent: 'support-agent', sessionId: 's-1' }, async (runHandle) => {
      runHandle.recordModelTurn({ model: 'gpt-test', tools: ['lookup'], toolCalls: [{ id: 'c1', name: 'lookup', arguments: '{"word":"x"}' }] });
      await appTracer.startActiveSpan('db.query', (db) => db.end());
      await lookup.call('{"word":"x"}', { callId: 'c1' });
    });
    request.end();
  });
  await toolscope.shutdown();
}

describe('toolscopeSpanProcessor in a NodeSDK application', () => {
  it('forwards only the GenAI spans, while the application exporter still sees everything', async () => {
    const toolscopeExporter = new InMemorySpanExporter();
    const appExporter = startApp(toolscopeSpanProcessor({ exporter: toolscopeExporter }));
    // Toolscope's shutdown flushes the application's provider (without shutting it down, which would
    // also empty the in-memory exporters we read below).
    await agentWork();

    expect(appExporter.getFinishedSpans().map((s) => s.name).sort()).toEqual(['GET /orders', 'chat gpt-test', 'db.query', 'execute_tool lookup', 'invoke_agent support-agent']);
    const forwarded = toolscopeExporter.getFinishedSpans();
    expect(forwarded.map((s) => s.name).sort()).toEqual(['chat gpt-test', 'execute_tool lookup', 'invoke_agent support-agent']);
    expect(forwarded.every((span) => span.resource.attributes['service.name'] === 'shop-api')).toBe(true);

    // With the application's context manager, the run nests under the request and the tool under the run.
    const byName = new Map(appExporter.getFinishedSpans().map((s) => [s.name, s]));
    expect(byName.get('invoke_agent support-agent')?.parentSpanContext?.spanId).toBe(byName.get('GET /orders')?.spanContext().spanId);
    expect(byName.get('execute_tool lookup')?.parentSpanContext?.spanId).toBe(byName.get('invoke_agent support-agent')?.spanContext().spanId);
    expect(byName.get('db.query')?.parentSpanContext?.spanId).toBe(byName.get('invoke_agent support-agent')?.spanContext().spanId);
  });

  it('exports to the collector over OTLP/HTTP protobuf with the project key', async () => {
    startApp(toolscopeSpanProcessor({ endpoint: server.endpoint, apiKey: 'ts_key_1' }));
    await agentWork();
    await sdk!.shutdown();
    sdk = undefined;

    expect(server.requests.length).toBeGreaterThan(0);
    for (const request of server.requests) {
      expect(request.url).toBe('/v1/traces');
      expect(request.headers['authorization']).toBe('Bearer ts_key_1');
    }
    const bodies = server.requests.map((r) => r.body.toString('latin1')).join('');
    expect(bodies).toContain('execute_tool lookup');
    expect(bodies).toContain('invoke_agent support-agent');
    expect(bodies).not.toContain('GET /orders');
    expect(bodies).not.toContain('db.query');
  });

  it('needs an API key unless given an exporter', () => {
    delete process.env['TOOLSCOPE_API_KEY'];
    expect(() => toolscopeSpanProcessor({ endpoint: server.endpoint })).toThrow(/no API key/);
    expect(() => toolscopeSpanProcessor({ endpoint: 'nope', apiKey: 'k' })).toThrow(/endpoint: must be an http\(s\) URL/);
  });
});

describe('isGenAISpan', () => {
  const span = (name: string, attributes: Record<string, unknown>) => ({ name, attributes }) as unknown as Parameters<typeof isGenAISpan>[0];

  it.each([
    ['GenAI operation', span('x', { 'gen_ai.operation.name': 'execute_tool' })],
    ['toolscope attribute', span('x', { 'toolscope.outcome': 'success' })],
    ['OpenInference tool', span('x', { 'openinference.span.kind': 'TOOL' })],
    ['Traceloop tool', span('x.tool', { 'traceloop.span.kind': 'tool' })],
    ['Vercel AI SDK tool call', span('ai.toolCall', {})],
  ])('forwards a %s span', (_label, input) => expect(isGenAISpan(input)).toBe(true));

  it('drops other spans', () => {
    expect(isGenAISpan(span('GET /orders', { 'http.method': 'GET' }))).toBe(false);
  });
});
