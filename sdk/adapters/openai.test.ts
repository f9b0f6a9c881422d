import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestToolscope, type TestToolscope } from '../testing.ts';
import { defineTool } from '../tool.ts';
import { executeOpenAIToolCalls, modelTurnFromOpenAI, toOpenAITools } from './openai.ts';

let toolscope: TestToolscope;
afterEach(async () => {
  await toolscope?.shutdown();
});

const order: string[] = [];
const slowList = defineTool({
  name: 'list_files',
  description: 'List files in a folder',
  schema: z.object({ path: z.string().default('.') }),
  run: async ({ path }) => {
    order.push('list:start');
    await new Promise((resolve) => setTimeout(resolve, 5));
    order.push('list:end');
    return [`${path}/a.md`];
  },
});
const read = defineTool({
  name: 'read_file',
  description: 'Read a file',
  schema: z.object({ path: z.string() }),
  run: ({ path }) => {
    order.push('read');
    if (path === 'nope') throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    return `text of ${path}`;
  },
});

const response: ChatCompletion = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 0,
  model: 'gpt-test-2026',
  choices: [
    {
      index: 0,
      finish_reason: 'tool_calls',
      logprobs: null,
      message: {
        role: 'assistant',
        content: null,
        refusal: null,
        tool_calls: [
          { id: 'call_a', type: 'function', function: { name: 'list_files', arguments: '{"path":"docs"}' } },
          { id: 'call_b', type: 'function', function: { name: 'read_file', arguments: '{"path":"nope"}' } },
          { id: 'call_c', type: 'function', function: { name: 'delete_file', arguments: '{"path":"x"}' } },
        ],
      },
    },
  ],
  usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
};

describe('OpenAI adapter', () => {
  it('describes tools as chat-completions function tools', () => {
    expect(toOpenAITools([read])).toEqual([
      {
        type: 'function',
        function: { name: 'read_file', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
      },
    ]);
  });

  it('runs every tool call in parallel and answers each with a tool message, in order', async () => {
    toolscope = createTestToolscope();
    order.length = 0;
    const { messages, results } = await executeOpenAIToolCalls(response.choices[0]!.message, [slowList, read]);
    expect(order).toEqual(['list:start', 'read', 'list:end']);
    expect(messages.map((m) => [m.role, m.tool_call_id])).toEqual([
      ['tool', 'call_a'],
      ['tool', 'call_b'],
      ['tool', 'call_c'],
    ]);
    expect(messages[0]?.content).toBe('["docs/a.md"]');
    expect(JSON.parse(String(messages[1]?.content))).toMatchObject({ error: true, type: 'execution/not_found' });
    expect(JSON.parse(String(messages[2]?.content))).toMatchObject({ error: true, type: 'selection/unknown_tool' });
    expect(results.map((r) => r.ok)).toEqual([true, false, false]);
    expect(toolscope.spansNamed('execute_tool').map((s) => s.name).sort()).toEqual([
      'execute_tool delete_file',
      'execute_tool list_files',
      'execute_tool read_file',
    ]);
  });

  it('does not record an unknown tool twice when the model turn already did', async () => {
    toolscope = createTestToolscope();
    const request: ChatCompletionCreateParamsNonStreaming = { model: 'gpt-test', messages: [], tools: toOpenAITools([slowList, read]), tool_choice: 'auto' };
    await toolscope.run({ agent: 'a' }, async (runHandle) => {
      runHandle.recordModelTurn(modelTurnFromOpenAI(request, response));
      await executeOpenAIToolCalls(response.choices[0]!.message, [slowList, read]);
    });
    expect(toolscope.spansNamed('execute_tool delete_file')).toHaveLength(1);
  });

  it('builds the model turn from the request and the response', () => {
    const request: ChatCompletionCreateParamsNonStreaming = {
      model: 'gpt-test',
      messages: [],
      tools: toOpenAITools([slowList, read]),
      tool_choice: { type: 'function', function: { name: 'read_file' } },
    };
    expect(modelTurnFromOpenAI(request, response)).toEqual({
      model: 'gpt-test',
      provider: 'openai',
      tools: ['list_files', 'read_file'],
      toolChoice: 'read_file',
      toolCalls: [
        { id: 'call_a', name: 'list_files', arguments: '{"path":"docs"}' },
        { id: 'call_b', name: 'read_file', arguments: '{"path":"nope"}' },
        { id: 'call_c', name: 'delete_file', arguments: '{"path":"x"}' },
      ],
      text: null,
      refusal: null,
      finishReason: 'tool_calls',
      inputTokens: 50,
      outputTokens: 20,
    });
  });
});
