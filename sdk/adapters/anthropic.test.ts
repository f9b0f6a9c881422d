import type { Message } from '@anthropic-ai/sdk/resources/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestToolscope, type TestToolscope } from '../testing.ts';
import { defineTool } from '../tool.ts';
import { executeAnthropicToolUses, modelTurnFromAnthropic, toAnthropicTools } from './anthropic.ts';

let toolscope: TestToolscope;
afterEach(async () => {
  await toolscope?.shutdown();
});

const search = defineTool({
  name: 'search_content',
  description: 'Find files that mention a keyword',
  schema: z.object({ keyword: z.string().min(2) }),
  run: ({ keyword }) => ({ files: [`${keyword}.md`] }),
});

const content = [
  { type: 'text', text: 'Let me search.', citations: null },
  { type: 'tool_use', id: 'toolu_1', name: 'search_content', input: { keyword: 'alpha' }, caller: { type: 'direct' } },
  { type: 'tool_use', id: 'toolu_2', name: 'search_content', input: { keyword: 'a' }, caller: { type: 'direct' } },
] as Message['content'];

describe('Anthropic adapter', () => {
  it('describes tools with input_schema', () => {
    expect(toAnthropicTools({ search })).toEqual([
      {
        name: 'search_content',
        description: 'Find files that mention a keyword',
        input_schema: { type: 'object', properties: { keyword: { type: 'string', minLength: 2 } }, required: ['keyword'] },
      },
    ]);
  });

  it('answers each tool_use block with a tool_result block, is_error on failure', async () => {
    toolscope = createTestToolscope();
    const { blocks } = await executeAnthropicToolUses(content, [search]);
    expect(blocks).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_1', content: '{"files":["alpha.md"]}', is_error: false },
      { type: 'tool_result', tool_use_id: 'toolu_2', content: expect.stringContaining('"arguments/schema_violation"'), is_error: true },
    ]);
    // Spans end in completion order (the invalid call ends first, without running), so compare as a set.
    expect(toolscope.spansNamed('execute_tool').map((s) => s.attributes['gen_ai.tool.call.id']).sort()).toEqual(['toolu_1', 'toolu_2']);
  });

  it('builds the model turn, with `any` as a required call', () => {
    const turn = modelTurnFromAnthropic(
      { model: 'claude-test', tools: toAnthropicTools([search]), tool_choice: { type: 'any' } },
      { content, stop_reason: 'tool_use', usage: { input_tokens: 10, output_tokens: 5 } as Message['usage'] },
    );
    expect(turn).toMatchObject({
      model: 'claude-test',
      provider: 'anthropic',
      tools: ['search_content'],
      toolChoice: { type: 'any' },
      text: 'Let me search.',
      finishReason: 'tool_use',
      toolCalls: [
        { id: 'toolu_1', name: 'search_content', arguments: { keyword: 'alpha' } },
        { id: 'toolu_2', name: 'search_content', arguments: { keyword: 'a' } },
      ],
    });
  });
});
