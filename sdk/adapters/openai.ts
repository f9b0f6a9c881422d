/**
 * OpenAI chat-completions adapter: tool definitions for the request, the
 * model turn from the response, and the assistant's `tool_calls` executed
 * (in parallel) into `role: "tool"` messages. Types only from `openai`.
 */
import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionFunctionTool,
  ChatCompletionMessage,
  ChatCompletionToolMessageParam,
} from 'openai/resources/chat/completions';
import type { ModelTurn } from '../model-turn.ts';
import { toModelContent, type ToolCallOptions, type ToolCallResult } from '../tool.ts';
import { recordUnknownToolCall } from '../unknown-tool.ts';
import { toRegistry, type ToolSet } from './registry.ts';

/** The `tools` of a chat-completions request. */
export function toOpenAITools(tools: ToolSet): ChatCompletionFunctionTool[] {
  return [...toRegistry(tools).values()].map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parametersJsonSchema() },
  }));
}

export interface OpenAIToolExecution {
  /** Append these to the conversation, in the order of the model's `tool_calls`. */
  readonly messages: ChatCompletionToolMessageParam[];
  readonly results: ToolCallResult<unknown>[];
}

/**
 * Executes every tool call of an assistant message, in parallel, and returns one `tool` message per call.
 * Calls to tools not in `tools` become `selection/unknown_tool` failures the model can read.
 */
export async function executeOpenAIToolCalls(
  message: Pick<ChatCompletionMessage, 'tool_calls'>,
  tools: ToolSet,
  options: Pick<ToolCallOptions, 'signal' | 'toolscope'> = {},
): Promise<OpenAIToolExecution> {
  const registry = toRegistry(tools);
  const calls = (message.tool_calls ?? []).map((call) =>
    call.type === 'function'
      ? { id: call.id, name: call.function.name, input: call.function.arguments }
      : { id: call.id, name: call.custom.name, input: call.custom.input },
  );
  const results = await Promise.all(
    calls.map((call): Promise<ToolCallResult<unknown>> => {
      const tool = registry.get(call.name);
      if (!tool) {
        return Promise.resolve(
          recordUnknownToolCall({ name: call.name, callId: call.id, arguments: call.input, availableTools: [...registry.keys()], ...options }),
        );
      }
      return tool.call(call.input, { ...options, callId: call.id });
    }),
  );
  return {
    messages: results.map((result) => ({ role: 'tool', tool_call_id: result.callId, content: toModelContent(result) })),
    results,
  };
}

/** The `recordModelTurn` input for one chat completion (first choice) and the request that produced it. */
export function modelTurnFromOpenAI(
  request: Pick<ChatCompletionCreateParamsNonStreaming, 'model' | 'tools' | 'tool_choice'>,
  response: Pick<ChatCompletion, 'model' | 'choices' | 'usage'>,
): Omit<ModelTurn, 'toolscope'> {
  const choice = response.choices[0];
  const message = choice?.message;
  return {
    model: request.model,
    provider: 'openai',
    tools: (request.tools ?? []).map((tool) => (tool.type === 'function' ? tool.function.name : tool.custom.name)),
    ...(request.tool_choice !== undefined ? { toolChoice: openAIToolChoice(request.tool_choice) } : {}),
    toolCalls: (message?.tool_calls ?? []).map((call) =>
      call.type === 'function'
        ? { id: call.id, name: call.function.name, arguments: call.function.arguments }
        : { id: call.id, name: call.custom.name, arguments: call.custom.input },
    ),
    text: message?.content ?? null,
    refusal: message?.refusal ?? null,
    finishReason: choice?.finish_reason ?? null,
    ...(response.usage ? { inputTokens: response.usage.prompt_tokens, outputTokens: response.usage.completion_tokens } : {}),
  };
}

function openAIToolChoice(choice: NonNullable<ChatCompletionCreateParamsNonStreaming['tool_choice']>): ModelTurn['toolChoice'] {
  if (typeof choice === 'string') return choice;
  if (choice.type === 'function') return choice.function.name;
  if (choice.type === 'custom') return choice.custom.name;
  // `allowed_tools` in `required` mode forces a call among a subset.
  return choice.allowed_tools.mode === 'required' ? 'required' : 'auto';
}
