import { SpanStatusCode } from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ToolError } from './errors.ts';
import { createTestToolscope, type TestToolscope } from './testing.ts';
import { defineTool, toModelContent } from './tool.ts';

let toolscope: TestToolscope;
afterEach(async () => {
  await toolscope?.shutdown();
});

const readFile = defineTool({
  name: 'read_file',
  description: 'Read a text file',
  schema: z.object({ path: z.string(), offset: z.number().int().min(0).default(0) }),
  run: ({ path, offset }) => {
    if (path === 'missing.md') throw Object.assign(new Error(`ENOENT: no such file, open '${path}'`), { code: 'ENOENT' });
    return { path, offset, content: 'Key risk: dependency on API v2' };
  },
});

describe('defineTool', () => {
  it('rejects names model APIs would reject', () => {
    expect(() => defineTool({ name: 'read file', description: '', schema: z.object({}), run: () => 1 })).toThrow(/1–64 letters/);
  });

  it('describes its arguments as JSON Schema without the dialect line', () => {
    expect(readFile.parametersJsonSchema()).toEqual({
      type: 'object',
      properties: { path: { type: 'string' }, offset: { type: 'integer', minimum: 0, maximum: expect.any(Number), default: 0 } },
      required: ['path'],
    });
  });
});

describe('a tool call', () => {
  it('returns the value and records one execute_tool span with the wire-contract attributes', async () => {
    toolscope = createTestToolscope({ agentName: 'file-agent' });
    const result = await readFile.call('{"path":"notes.md","offset":"3"}', { callId: 'call_1' });
    expect(result).toEqual({ ok: true, tool: 'read_file', callId: 'call_1', attempts: 1, value: { path: 'notes.md', offset: 3, content: 'Key risk: dependency on API v2' } });

    const [span, ...others] = toolscope.spans();
    expect(others).toEqual([]);
    expect(span?.name).toBe('execute_tool read_file');
    expect(span?.status.code).toBe(SpanStatusCode.UNSET);
    expect(span?.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'read_file',
      'gen_ai.tool.call.id': 'call_1',
      'gen_ai.tool.description': 'Read a text file',
      'gen_ai.agent.name': 'file-agent',
      'gen_ai.tool.call.arguments': '{"path":"notes.md","offset":"3"}',
      'gen_ai.tool.call.result': '{"path":"notes.md","offset":3,"content":"Key risk: dependency on API v2"}',
      'toolscope.arguments.coerced': '["offset"]',
      'toolscope.outcome': 'success',
      'toolscope.retry.attempt': 1,
    });
    expect(span?.attributes['error.type']).toBeUndefined();
  });

  it('classifies a Node error and hands the model type, message and suggestions', async () => {
    toolscope = createTestToolscope();
    const result = await readFile.call({ path: 'missing.md' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toEqual({
      error: true,
      type: 'execution/not_found',
      message: "ENOENT: no such file, open 'missing.md'",
      suggestions: ['Check the name or path; list what exists before asking for it.'],
      retryable: false,
      context: { code: 'ENOENT' },
    });
    expect(JSON.parse(toModelContent(result))).toEqual(result.error);

    const span = toolscope.spans()[0]!;
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: "ENOENT: no such file, open 'missing.md'" });
    expect(span.attributes).toMatchObject({
      'error.type': 'execution/not_found',
      'toolscope.error.category': 'execution',
      'toolscope.error.type': 'not_found',
      'toolscope.error.class': 'Error',
      'toolscope.error.retryable': false,
      'toolscope.outcome': 'failure',
    });
    expect(span.events.map((event) => event.name)).toEqual(['exception']);
  });

  it('records schema violations with their issues and never runs the tool', async () => {
    toolscope = createTestToolscope();
    let ran = false;
    const tool = defineTool({ name: 't', description: '', schema: z.object({ n: z.number().max(3) }), run: () => (ran = true) });
    const result = await tool.call({ n: 7 });
    expect(ran).toBe(false);
    expect(result.ok).toBe(false);
    const span = toolscope.spans()[0]!;
    expect(span.attributes['error.type']).toBe('arguments/schema_violation');
    expect(JSON.parse(String(span.attributes['toolscope.validation.issues']))).toEqual([
      { path: 'n', code: 'too_big', expected: 'number <= 3', received: '7', message: expect.any(String) },
    ]);
  });

  it('records invalid JSON with the raw text as arguments', async () => {
    toolscope = createTestToolscope();
    const result = await readFile.call('{path: notes.md');
    expect(result.ok ? undefined : result.error.type).toBe('arguments/invalid_json');
    expect(toolscope.spans()[0]?.attributes['gen_ai.tool.call.arguments']).toBe('{path: notes.md');
  });

  it('turns a thrown ToolError into the model-facing error with its suggestions and context', async () => {
    toolscope = createTestToolscope();
    const tool = defineTool({
      name: 'open_ticket',
      description: '',
      schema: z.object({ id: z.string() }),
      run: ({ id }) => {
        throw new ToolError('execution/invalid_state', `Ticket ${id} is closed`, { suggestions: ['Reopen it first'], context: { id } });
      },
    });
    const result = await tool.call({ id: 'T-1' });
    expect(result.ok ? undefined : result.error).toMatchObject({ type: 'execution/invalid_state', suggestions: ['Reopen it first'], context: { id: 'T-1' } });
    expect(JSON.parse(String(toolscope.spans()[0]?.attributes['toolscope.error.context']))).toEqual({ id: 'T-1' });
    expect(JSON.parse(String(toolscope.spans()[0]?.attributes['toolscope.error.suggestions']))).toEqual(['Reopen it first']);
  });

  it('redacts secrets in arguments and results and counts the redactions', async () => {
    toolscope = createTestToolscope();
    const login = defineTool({
      name: 'login',
      description: '',
      schema: z.object({ user: z.string(), password: z.string() }),
      run: () => ({ session: 'ok', api_key: 'sk-live-0123456789abcdefghij' }),
    });
    await login.call({ user: 'bo', password: 'hunter2' });
    const attributes = toolscope.spans()[0]!.attributes;
    expect(attributes['gen_ai.tool.call.arguments']).toBe('{"user":"bo","password":"[REDACTED]"}');
    expect(attributes['gen_ai.tool.call.result']).toBe('{"session":"ok","api_key":"[REDACTED]"}');
    expect(attributes['toolscope.redacted.count']).toBe(2);
  });

  it('truncates long results to the configured size and flags it', async () => {
    toolscope = createTestToolscope({ capture: { maxChars: 300 } });
    const big = defineTool({ name: 'big', description: '', schema: z.object({}), run: () => 'y'.repeat(5000) });
    const result = await big.call({});
    expect(result.ok && result.value.length).toBe(5000);
    const attributes = toolscope.spans()[0]!.attributes;
    expect(String(attributes['gen_ai.tool.call.result']).length).toBe(300);
    expect(attributes['toolscope.result.truncated']).toBe(true);
  });

  it('keeps results off the span when capture is off', async () => {
    toolscope = createTestToolscope({ capture: { results: false, arguments: false } });
    await readFile.call({ path: 'notes.md' });
    const attributes = toolscope.spans()[0]!.attributes;
    expect(attributes['gen_ai.tool.call.result']).toBeUndefined();
    expect(attributes['gen_ai.tool.call.arguments']).toBeUndefined();
  });
});

describe('timeouts and retries', () => {
  it('aborts the signal and fails with execution/timeout when the tool runs too long', async () => {
    toolscope = createTestToolscope();
    let signalAborted = false;
    const slow = defineTool({
      name: 'slow',
      description: '',
      schema: z.object({}),
      timeoutMs: 20,
      run: (_args, { signal }) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => {
            signalAborted = true;
          });
          setTimeout(resolve, 5_000).unref();
        }),
    });
    const result = await slow.call({});
    expect(result.ok ? undefined : result.error.type).toBe('execution/timeout');
    expect(signalAborted).toBe(true);
    expect(toolscope.spans()[0]?.attributes['toolscope.timeout_ms']).toBe(20);
  });

  it('records every attempt as its own span, with the reason and the first attempt id', async () => {
    toolscope = createTestToolscope();
    let calls = 0;
    const flaky = defineTool({
      name: 'flaky',
      description: '',
      schema: z.object({ q: z.string() }),
      retry: { attempts: 3, initialDelayMs: 1, jitter: 'none' },
      run: () => {
        calls++;
        if (calls === 1) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
        if (calls === 2) throw Object.assign(new Error('Too Many Requests'), { status: 429 });
        return 'done';
      },
    });
    const result = await flaky.call({ q: 'x' }, { callId: 'call_f' });
    expect(result).toMatchObject({ ok: true, value: 'done', attempts: 3 });

    const spans = toolscope.spans();
    expect(spans.map((span) => span.attributes['toolscope.retry.attempt'])).toEqual([1, 2, 3]);
    expect(spans.map((span) => span.attributes['error.type'])).toEqual(['execution/upstream_error', 'execution/rate_limited', undefined]);
    expect(spans.map((span) => span.attributes['toolscope.retry.reason'])).toEqual([undefined, 'execution/upstream_error', 'execution/rate_limited']);
    const firstId = spans[0]!.spanContext().spanId;
    expect(spans.map((span) => span.attributes['toolscope.retry.first_span_id'])).toEqual([undefined, firstId, firstId]);
    expect(new Set(spans.map((span) => span.attributes['gen_ai.tool.call.id']))).toEqual(new Set(['call_f']));
  });

  it('does not retry types the taxonomy marks as not retryable', async () => {
    toolscope = createTestToolscope();
    let calls = 0;
    const tool = defineTool({
      name: 'strict',
      description: '',
      schema: z.object({}),
      retry: { attempts: 5, initialDelayMs: 1 },
      run: () => {
        calls++;
        throw Object.assign(new Error('denied'), { code: 'EACCES' });
      },
    });
    const result = await tool.call({});
    expect(calls).toBe(1);
    expect(result).toMatchObject({ ok: false, attempts: 1, error: { type: 'execution/permission_denied' } });
  });

  it('retries the types a policy names, and stops at its attempt limit', async () => {
    toolscope = createTestToolscope();
    let calls = 0;
    const tool = defineTool({
      name: 'picky',
      description: '',
      schema: z.object({}),
      retry: { attempts: 2, initialDelayMs: 1, retryOn: ['execution/not_found'] },
      run: () => {
        calls++;
        throw new ToolError('execution/not_found', 'not yet');
      },
    });
    const result = await tool.call({});
    expect(calls).toBe(2);
    expect(result).toMatchObject({ ok: false, attempts: 2 });
    expect(toolscope.spans()).toHaveLength(2);
  });
});
