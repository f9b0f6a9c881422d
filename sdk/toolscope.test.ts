import { trace } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startCaptureServer, type CaptureServer } from './capture-server.test-support.ts';
import { getDefaultCore } from './core.ts';
import { createToolscope, globalProviderRegistered } from './toolscope.ts';
import { defineTool } from './tool.ts';

const echo = defineTool({ name: 'echo', description: 'Echo', schema: z.object({ text: z.string() }), run: ({ text }) => text });

let server: CaptureServer;
const savedEnv = { ...process.env };
beforeEach(async () => {
  server = await startCaptureServer();
  delete process.env['TOOLSCOPE_ENDPOINT'];
  delete process.env['TOOLSCOPE_API_KEY'];
});
afterEach(async () => {
  process.env = { ...savedEnv };
  trace.disable();
  await server.close();
});

describe('createToolscope options', () => {
  it('says which option is wrong', () => {
    expect(() => createToolscope({ endpoint: 'localhost:4318', apiKey: 'k' })).toThrow(
      /createToolscope: invalid options\n  - endpoint: must be an http\(s\) URL such as http:\/\/localhost:4318/,
    );
    expect(() => createToolscope({ apiKey: 'k', capture: { maxChars: 10 } })).toThrow(/capture\.maxChars: must be at least 256/);
    expect(() => createToolscope({ apiKey: '' })).toThrow(/apiKey: must not be empty/);
  });

  it('asks for an API key when it has to export itself', () => {
    expect(() => createToolscope({ endpoint: server.endpoint })).toThrow(/no API key\. Pass `apiKey` or set TOOLSCOPE_API_KEY/);
  });
});

describe('createToolscope with its own exporter', () => {
  it('sends protobuf to {endpoint}/v1/traces with the bearer key, reading both from the environment', async () => {
    process.env['TOOLSCOPE_ENDPOINT'] = `${server.endpoint}/`;
    process.env['TOOLSCOPE_API_KEY'] = 'ts_test_key';
    const toolscope = createToolscope({ serviceName: 'svc-under-test', agentName: 'echo-agent' });
    expect(toolscope.mode).toBe('own');
    await echo.call({ text: 'hello' });
    await toolscope.flush();

    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/traces');
    expect(request?.headers['authorization']).toBe('Bearer ts_test_key');
    expect(request?.headers['content-type']).toBe('application/x-protobuf');
    // Protobuf keeps strings as UTF-8 bytes, so the names are visible in the body.
    const body = request!.body.toString('latin1');
    for (const expected of ['execute_tool echo', 'gen_ai.tool.name', 'echo-agent', 'svc-under-test', 'toolscope.sdk.version']) {
      expect(body).toContain(expected);
    }
    await toolscope.shutdown();
  });

  it('exports what is still queued on shutdown, and shutting down twice is harmless', async () => {
    const toolscope = createToolscope({ endpoint: server.endpoint, apiKey: 'k', batch: { scheduledDelayMillis: 60_000 } });
    for (let i = 0; i < 3; i++) await echo.call({ text: `m${i}` });
    expect(server.requests).toHaveLength(0);
    await toolscope.shutdown();
    await toolscope.shutdown();
    expect(server.requests).toHaveLength(1);
    const body = server.requests[0]!.body.toString('latin1');
    for (const text of ['m0', 'm1', 'm2']) expect(body).toContain(text);
    expect(getDefaultCore()).toBeUndefined();
  });

  it('rejects flush when the collector refuses the spans, so losing them is never silent', async () => {
    server.status = 401;
    const toolscope = createToolscope({ endpoint: server.endpoint, apiKey: 'wrong' });
    await echo.call({ text: 'x' });
    await expect(toolscope.flush()).rejects.toThrow();
    await toolscope.shutdown().catch(() => undefined);
  });

  it('is the default for tools called outside a run, until shut down', async () => {
    const toolscope = createToolscope({ endpoint: server.endpoint, apiKey: 'k' });
    expect(getDefaultCore()).toBe(toolscope.core);
    await toolscope.shutdown();
    expect(getDefaultCore()).toBeUndefined();
    // With nothing set up, tools still work and record into the no-op API.
    expect(await echo.call({ text: 'still fine' })).toMatchObject({ ok: true, value: 'still fine' });
  });
});

describe('createToolscope with an application provider', () => {
  it('records through the registered global provider and does not export itself', async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    expect(globalProviderRegistered()).toBe(false);
    trace.setGlobalTracerProvider(provider);
    expect(globalProviderRegistered()).toBe(true);

    const toolscope = createToolscope();
    expect(toolscope.mode).toBe('global');
    await toolscope.run({ agent: 'app-agent' }, () => echo.call({ text: 'x' }));
    await toolscope.shutdown();
    expect(exporter.getFinishedSpans().map((span) => span.name).sort()).toEqual(['execute_tool echo', 'invoke_agent app-agent']);
    expect(server.requests).toHaveLength(0);
    // The application's provider is still alive after Toolscope shut down.
    trace.getTracer('app').startSpan('after').end();
    expect(exporter.getFinishedSpans()).toHaveLength(3);
    await provider.shutdown();
  });

  it('exports itself when given an exporter or provider: own, even with a global provider registered', async () => {
    const appExporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(appExporter)] });
    trace.setGlobalTracerProvider(provider);
    const ownExporter = new InMemorySpanExporter();
    const withExporter = createToolscope({ exporter: ownExporter });
    expect(withExporter.mode).toBe('own');
    await echo.call({ text: 'mine' }, { toolscope: withExporter });
    await withExporter.flush();
    expect(ownExporter.getFinishedSpans().map((span) => span.name)).toEqual(['execute_tool echo']);
    expect(appExporter.getFinishedSpans()).toEqual([]);
    await withExporter.shutdown();
    const forcedOwn = createToolscope({ provider: 'own', endpoint: server.endpoint, apiKey: 'k' });
    expect(forcedOwn.mode).toBe('own');
    await forcedOwn.shutdown();
    await provider.shutdown();
  });
});
