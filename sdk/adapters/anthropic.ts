/**
 * Anthropic Messages adapter: tool definitions for the request, the model
 * turn from the response, and `tool_use` blocks executed (in parallel) into
 * `tool_result` blocks with `is_error`. Types only from `@anthropic-ai/sdk`.
 */
import type {
  ContentBlock,
  Message,
  MessageCreateParamsNonStreaming,
  Tool as AnthropicTool,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import type { ModelTurn } from '../model-turn.ts';
import { toModelContent, type ToolCallOptions, type ToolCallResult } from '../tool.ts';
import { recordUnknownToolCall } from '../unknown-tool.ts';
import { toRegistry, type ToolSet } from './registry.ts';

/** The `tools` of a Messages request. */
export function toAnthropicTools(tools: ToolSet): AnthropicTool[] {
  return [...toRegistry(tools).values()].map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.parametersJsonSchema() as AnthropicTool.InputSchema,
  }));
}

export interface AnthropicToolExecution {
  /** Put these in the next `user` message, in the order of the `tool_use` blocks. */
  readonly blocks: ToolResultBlockParam[];
  readonly results: ToolCallResult<unknown>[];
}

/** Executes every `tool_use` block of an assistant message, in parallel. */
export async function executeAnthropicToolUses(
  content: readonly Pick<ContentBlock, 'type'>[],
  tools: ToolSet,
  options: Pick<ToolCallOptions, 'signal' | 'toolscope'> = {},
): Promise<AnthropicToolExecution> {
  const registry = toRegistry(tools);
  const uses = content.filter((block): block is Extract<ContentBlock, { type: 'tool_use' }> => block.type === 'tool_use');
  const results = await Promise.all(
    uses.map((use): Promise<ToolCallResult<unknown>> => {
      const tool = registry.get(use.name);
      if (!tool) {
        return Promise.resolve(
          recordUnknownToolCall({ name: use.name, callId: use.id, arguments: use.input, availableTools: [...registry.keys()], ...options }),
        );
      }
      return tool.call(use.input, { ...options, callId: use.id });
    }),
  );
  return {
    blocks: results.map((result) => ({
      type: 'tool_result',
      tool_use_id: result.callId,
      content: toModelContent(result),
      is_error: !result.ok,
    })),
    results,
  };
}

/** The `recordModelTurn` input for one Messages response and the request that produced it. */
export function modelTurnFromAnthropic(
  request: Pick<MessageCreateParamsNonStreaming, 'model' | 'tools' | 'tool_choice'>,
  response: Pick<Message, 'content' | 'stop_reason' | 'usage'>,
): Omit<ModelTurn, 'toolscope'> {
  const text = response.content
    .filter((block): block is Extract<ContentBlock, { type: 'text' }> => block.type === 'text')
    .map((block) => block.text)
    .join('\n');
  return {
    model: request.model,
    provider: 'anthropic',
    // Server toolsets (browser, computer) carry no name of their own; the model cannot call them by one.
    tools: (request.tools ?? []).flatMap((tool) => ('name' in tool && typeof tool.name === 'string' ? [tool.name] : [])),
    ...(request.tool_choice ? { toolChoice: request.tool_choice } : {}),
    toolCalls: response.content
      .filter((block): block is Extract<ContentBlock, { type: 'tool_use' }> => block.type === 'tool_use')
      .map((block) => ({ id: block.id, name: block.name, arguments: block.input })),
    text,
    finishReason: response.stop_reason,
    inputTokens: response.usage.input_tokens,
    outputTokens: response.usage.output_tokens,
  };
}
