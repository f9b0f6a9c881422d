import { SpanStatusCode } from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LoopDetectedError } from './errors.ts';
import { createTestToolscope, type TestToolscope } from './testing.ts';
import { defineTool } from './tool.ts';

let toolscope: TestToolscope;
afterEach(async () => {
  await toolscope?.shutdown();
});

const search = defineTool({ name: 'search_content', description: '', schema: z.object({ keyword: z.string() }), run: ({ keyword }) => [`${keyword}.md`] });
const read = defineTool({ name: 'read_file', description: '', schema: z.object({ path: z.string() }), run: ({ path }) => `content of ${path}` });
const write = defineTool({
  name: 'write_file',
  description: '',
  schema: z.object({ path: z.string() }),
  run: () => {
    throw Object.assign(new Error('read-only'), { code: 'EROFS' });
  },
});

describe('run()', () => {
  it('wraps the run in an invoke_agent span that parents every tool span and carries the run context to them', async () => {
    toolscope = createTestToolscope();
    const outcome = await toolscope.run({ agent: 'file-agent', sessionId: 'sess-1', model: 'gpt-test' }, async () => {
      await search.call({ keyword: 'alpha' });
      await read.call({ path: 'alpha.md' });
      return 'answer';
    });
    expect(outcome).toMatchObject({ value: 'answer', sessionId: 'sess-1', contract: undefined, loops: [], toolCalls: 2, failedToolCalls: 0 });

    const runSpan = toolscope.spansNamed('invoke_agent')[0]!;
    expect(runSpan.name).toBe('invoke_agent file-agent');
    expect(runSpan.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'file-agent',
      'gen_ai.conversation.id': 'sess-1',
      'gen_ai.request.model': 'gpt-test',
      'toolscope.run.tool_calls': 2,
      'toolscope.loop.verdicts': '[]',
    });
    const toolSpans = toolscope.spansNamed('execute_tool');
    expect(toolSpans).toHaveLength(2);
    for (const span of toolSpans) {
      expect(span.parentSpanContext?.spanId).toBe(runSpan.spanContext().spanId);
      expect(span.spanContext().traceId).toBe(runSpan.spanContext().traceId);
      expect(span.attributes).toMatchObject({ 'gen_ai.agent.name': 'file-agent', 'gen_ai.conversation.id': 'sess-1', 'gen_ai.request.model': 'gpt-test' });
    }
  });

  it('keeps the context of concurrent runs apart', async () => {
    toolscope = createTestToolscope();
    await Promise.all(
      ['a', 'b'].map((agent) =>
        toolscope.run({ agent, sessionId: agent }, async () => {
          await new Promise((resolve) => setTimeout(resolve, agent === 'a' ? 5 : 1));
          await read.call({ path: agent });
        }),
      ),
    );
    const byAgent = Object.fromEntries(toolscope.spansNamed('execute_tool').map((span) => [span.attributes['gen_ai.tool.call.arguments'], span.attributes['gen_ai.conversation.id']]));
    expect(byAgent).toEqual({ '{"path":"a"}': 'a', '{"path":"b"}': 'b' });
  });

  it('returns the contract verdict and records it on the run span with one event per violation', async () => {
    toolscope = createTestToolscope();
    const outcome = await toolscope.run(
      {
        agent: 'file-agent',
        contract: { requiredTools: ['search_content'], requiredSuccess: ['write_file'], nextRequired: { read_file: 'write_file' } },
      },
      async () => {
        await read.call({ path: 'x' });
      },
    );
    expect(outcome.contract?.verdict).toBe('violated');
    expect(outcome.contract?.violations.map((v) => `${v.rule}:${v.tool}`)).toEqual(['required:search_content', 'required:write_file', 'next_required:write_file']);
    expect(outcome.contract?.nextActions).toEqual(['Call search_content.', 'Call write_file.', 'Call write_file now that read_file has run.']);

    const runSpan = toolscope.spansNamed('invoke_agent')[0]!;
    expect(runSpan.attributes['toolscope.contract.verdict']).toBe('violated');
    expect(JSON.parse(String(runSpan.attributes['toolscope.contract.violations']))).toHaveLength(3);
    expect(JSON.parse(String(runSpan.attributes['toolscope.contract']))).toMatchObject({ requiredTools: ['search_content'] });
    expect(runSpan.events.filter((e) => e.name === 'toolscope.contract.violation').map((e) => e.attributes?.['error.type'])).toEqual([
      'orchestration/missing_required_tool',
      'orchestration/missing_required_tool',
      'orchestration/order_violation',
    ]);
  });

  it('counts failed calls for requiredSuccess', async () => {
    toolscope = createTestToolscope();
    const outcome = await toolscope.run({ agent: 'a', contract: { requiredSuccess: ['write_file'] } }, async () => {
      await write.call({ path: 'out.md' });
    });
    expect(outcome.failedToolCalls).toBe(1);
    expect(outcome.contract?.violations[0]?.message).toBe('Required tool write_file was called but never succeeded (last error: execution/permission_denied).');
  });

  it('records loops on the run span as they start and returns them', async () => {
    toolscope = createTestToolscope();
    const outcome = await toolscope.run({ agent: 'a', loop: { maxSameToolInARow: 3 } }, async () => {
      for (let i = 0; i < 4; i++) await read.call({ path: `p${i}` });
    });
    expect(outcome.loops).toEqual([expect.objectContaining({ type: 'same_tool', tool: 'read_file', length: 4 })]);
    const runSpan = toolscope.spansNamed('invoke_agent')[0]!;
    expect(runSpan.events.map((e) => e.name)).toEqual(['toolscope.loop.detected']);
    const recorded = JSON.parse(String(runSpan.attributes['toolscope.loop.verdicts']));
    expect(recorded).toEqual([expect.objectContaining({ type: 'same_tool', length: 4, spanIds: toolscope.spansNamed('execute_tool').slice(0, 4).map((s) => s.spanContext().spanId) })]);
  });

  it('under the stop policy throws LoopDetectedError before the looping call runs, and marks both spans', async () => {
    toolscope = createTestToolscope();
    let ran = 0;
    const poll = defineTool({ name: 'poll', description: '', schema: z.object({}), run: () => ++ran });
    const attempt = toolscope.run({ agent: 'a', loop: { policy: 'stop', maxIdenticalCalls: 2 } }, async () => {
      await poll.call({});
      await poll.call({});
      await poll.call({});
    });
    await expect(attempt).rejects.toBeInstanceOf(LoopDetectedError);
    await attempt.catch((error: LoopDetectedError) => expect(error.verdict).toMatchObject({ type: 'identical_calls', tool: 'poll', length: 2 }));
    expect(ran).toBe(1);
    const [first, stopped] = toolscope.spansNamed('execute_tool');
    expect(first?.attributes['error.type']).toBeUndefined();
    expect(stopped?.attributes['error.type']).toBe('orchestration/loop');
    const runSpan = toolscope.spansNamed('invoke_agent')[0]!;
    expect(runSpan.status.code).toBe(SpanStatusCode.ERROR);
    expect(runSpan.attributes['error.type']).toBe('orchestration/loop');
  });

  it('stops on iterations over the maximum when the policy is stop', async () => {
    toolscope = createTestToolscope();
    const attempt = toolscope.run({ agent: 'a', maxIterations: 2, loop: { policy: 'stop' } }, (runHandle) => {
      for (let i = 0; i < 5; i++) runHandle.recordModelTurn({ model: 'm', tools: [], text: 'thinking' });
    });
    await expect(attempt).rejects.toMatchObject({ name: 'LoopDetectedError', verdict: { type: 'max_iterations', length: 3 } });
    expect(toolscope.spansNamed('chat')).toHaveLength(3);
  });

  it('records cost and flags it over the limit', async () => {
    toolscope = createTestToolscope();
    const outcome = await toolscope.run({ agent: 'a', maxCostUsd: 0.01 }, (runHandle) => {
      runHandle.recordModelTurn({ model: 'm', tools: [], text: 'a', costUsd: 0.006 });
      runHandle.recordModelTurn({ model: 'm', tools: [], text: 'b', costUsd: 0.006 });
    });
    expect(outcome.costUsd).toBeCloseTo(0.012);
    expect(outcome.iterations).toBe(2);
    expect(outcome.loops.map((v) => v.type)).toEqual(['cost_limit']);
  });

  it('records an exception thrown by the agent and rethrows it', async () => {
    toolscope = createTestToolscope();
    await expect(toolscope.run({ agent: 'a' }, () => Promise.reject(new RangeError('bad plan')))).rejects.toThrow('bad plan');
    const runSpan = toolscope.spansNamed('invoke_agent')[0]!;
    expect(runSpan.status).toEqual({ code: SpanStatusCode.ERROR, message: 'bad plan' });
    expect(runSpan.attributes['error.type']).toBe('execution/unknown');
  });

  it('explains invalid options', async () => {
    toolscope = createTestToolscope();
    await expect(toolscope.run({ agent: 'a', maxIterations: 0 }, () => 1)).rejects.toThrow(/toolscope run\(\): invalid options\n  - maxIterations: /);
    await expect(toolscope.run({}, () => 1)).rejects.toThrow(/name the agent/);
  });
});
