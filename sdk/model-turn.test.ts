import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import { normaliseToolChoice } from './model-turn.ts';
import { createTestToolscope, type TestToolscope } from './testing.ts';
import { recordUnknownToolCall } from './unknown-tool.ts';

let toolscope: TestToolscope;
afterEach(async () => {
  await toolscope?.shutdown();
});

const tools = ['list_files', 'read_file', 'search_content'];

describe('recordModelTurn', () => {
  it('records a clean tool-calling turn as a chat span with the calls requested', () => {
    toolscope = createTestToolscope({ agentName: 'file-agent' });
    const verdict = toolscope.recordModelTurn({
      model: 'gpt-test',
      provider: 'openai',
      tools,
      toolChoice: 'auto',
      toolCalls: [{ id: 'c1', name: 'search_content', arguments: '{"keyword":"alpha"}' }],
      finishReason: 'tool_calls',
      inputTokens: 120,
      outputTokens: 14,
    });
    expect(verdict).toEqual({
      ok: true,
      toolCalls: ['search_content'],
      unknownTools: [],
      refusal: undefined,
      errorTypes: [],
      retryInstruction: undefined,
      unknownToolFailures: [],
    });
    const [span] = toolscope.spans();
    expect(span?.name).toBe('chat gpt-test');
    expect(span?.kind).toBe(SpanKind.CLIENT);
    expect(span?.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'gpt-test',
      'gen_ai.provider.name': 'openai',
      'gen_ai.agent.name': 'file-agent',
      'gen_ai.usage.input_tokens': 120,
      'gen_ai.usage.output_tokens': 14,
      'gen_ai.response.finish_reasons': ['tool_calls'],
      'toolscope.model.tool_calls': '["search_content"]',
      'toolscope.model.tool_choice': 'auto',
      'toolscope.model.tools_available': JSON.stringify(tools),
      'toolscope.model.tool_call_expected': false,
    });
    expect(JSON.parse(String(span?.attributes['gen_ai.output.messages']))).toEqual([
      { role: 'assistant', parts: [{ type: 'tool_call', id: 'c1', name: 'search_content', arguments: '{"keyword":"alpha"}' }] },
    ]);
  });

  it('flags a hard refusal in Chinese even when calling was optional', () => {
    toolscope = createTestToolscope();
    const verdict = toolscope.recordModelTurn({ model: 'qwen', tools, text: '抱歉，我这里没有可用的工具。' });
    expect(verdict.refusal).toEqual({ kind: 'hard', hits: [{ phrase: '没有可用的工具', language: 'zh', kind: 'hard' }] });
    expect(verdict.errorTypes).toEqual(['protocol/refusal']);
    expect(verdict.retryInstruction).toBe('Tools are available to you: list_files, read_file, search_content. Respond with a tool call now. Do not explain; act.');
    const span = toolscope.spans()[0]!;
    expect(span.attributes).toMatchObject({ 'error.type': 'protocol/refusal', 'toolscope.refusal.kind': 'hard' });
    expect(JSON.parse(String(span.attributes['toolscope.refusal.hits']))).toEqual([{ phrase: '没有可用的工具', language: 'zh', kind: 'hard' }]);
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('reports protocol/no_tool_call and a soft refusal when a required call did not come', () => {
    toolscope = createTestToolscope();
    const verdict = toolscope.recordModelTurn({ model: 'm', tools, toolChoice: 'required', text: 'The summary is probably in a markdown file.' });
    expect(verdict.refusal?.kind).toBe('soft');
    expect(verdict.errorTypes).toEqual(['protocol/refusal', 'protocol/no_tool_call']);
    expect(toolscope.spans()[0]?.attributes['error.type']).toBe('protocol/refusal');
  });

  it('reports protocol/no_tool_call alone when a required turn said nothing', () => {
    toolscope = createTestToolscope();
    const verdict = toolscope.recordModelTurn({ model: 'm', tools, toolChoice: { type: 'any' }, text: null });
    expect(verdict.errorTypes).toEqual(['protocol/no_tool_call']);
    expect(toolscope.spans()[0]?.attributes['error.type']).toBe('protocol/no_tool_call');
    expect(toolscope.spans()[0]?.status.message).toBe('The model had to call a tool and did not.');
  });

  it('holds a named tool choice to that tool', () => {
    toolscope = createTestToolscope();
    const verdict = toolscope.recordModelTurn({
      model: 'm',
      tools,
      toolChoice: { type: 'function', function: { name: 'read_file' } },
      toolCalls: [{ id: 'c', name: 'list_files', arguments: '{}' }],
    });
    expect(verdict.errorTypes).toEqual(['protocol/no_tool_call']);
    expect(verdict.retryInstruction).toContain('Call read_file now.');
  });

  it('counts the provider refusal field as a hard refusal', () => {
    toolscope = createTestToolscope();
    const verdict = toolscope.recordModelTurn({ model: 'm', tools, refusal: 'I cannot help with deleting files.' });
    expect(verdict.refusal?.kind).toBe('hard');
    expect(verdict.refusal?.hits[0]?.language).toBe('provider');
  });

  it('records a call to an unknown tool as a failed execute_tool span, once, with the tools that exist', () => {
    toolscope = createTestToolscope();
    const verdict = toolscope.recordModelTurn({
      model: 'm',
      tools,
      toolCalls: [
        { id: 'c1', name: 'read_flie', arguments: '{"path":"a"}' },
        { id: 'c2', name: 'read_file', arguments: '{"path":"a"}' },
      ],
    });
    expect(verdict.unknownTools).toEqual(['read_flie']);
    expect(verdict.errorTypes).toEqual(['selection/unknown_tool']);
    expect(verdict.unknownToolFailures).toEqual([
      expect.objectContaining({
        ok: false,
        tool: 'read_flie',
        callId: 'c1',
        error: expect.objectContaining({ type: 'selection/unknown_tool', suggestions: ['Did you mean read_file?', 'Call one of: list_files, read_file, search_content.'] }),
      }),
    ]);
    const chat = toolscope.spansNamed('chat')[0]!;
    expect(chat.attributes['error.type']).toBeUndefined();
    expect(chat.attributes['toolscope.model.unknown_tools']).toBe('["read_flie"]');
    const failed = toolscope.spansNamed('execute_tool');
    expect(failed.map((span) => [span.name, span.attributes['error.type'], span.attributes['gen_ai.tool.call.id']])).toEqual([
      ['execute_tool read_flie', 'selection/unknown_tool', 'c1'],
    ]);
  });
});

describe('normaliseToolChoice', () => {
  it.each([
    [undefined, 'auto'],
    ['auto', 'auto'],
    ['none', 'none'],
    ['required', 'required'],
    ['any', 'required'],
    [{ type: 'any' }, 'required'],
    [{ type: 'auto' }, 'auto'],
    [{ type: 'tool', name: 'read_file' }, 'read_file'],
    [{ type: 'function', function: { name: 'read_file' } }, 'read_file'],
  ] as const)('normalises %j to %s', (input, expected) => {
    expect(normaliseToolChoice(input)).toBe(expected);
  });
});

describe('unknown tools outside a run', () => {
  it('are recorded once per call id even when an adapter sees them after the model turn', () => {
    toolscope = createTestToolscope();
    toolscope.recordModelTurn({ model: 'm', tools, toolCalls: [{ id: 'outside_1', name: 'nope' }] });
    const again = recordUnknownToolCall({ name: 'nope', callId: 'outside_1', availableTools: tools, toolscope });
    expect(again.error.type).toBe('selection/unknown_tool');
    recordUnknownToolCall({ name: 'nope', callId: 'outside_2', availableTools: tools, toolscope });
    expect(toolscope.spansNamed('execute_tool nope').map((span) => span.attributes['gen_ai.tool.call.id'])).toEqual(['outside_1', 'outside_2']);
  });
});
