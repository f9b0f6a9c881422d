/**
 * The finished state of docs/sdk.md: an ordinary OpenAI chat-completions tool
 * loop with Toolscope added. Type-checked with the repository, so the guide
 * cannot drift from the API. Run it with OPENAI_API_KEY and TOOLSCOPE_API_KEY set:
 *   npx tsx examples/openai-quickstart/agent.ts "What is the weather in Paris?"
 */
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { z } from 'zod';
import {
  createToolscope,
  defineTool,
  executeOpenAIToolCalls,
  modelTurnFromOpenAI,
  toOpenAITools,
  ToolError,
} from '../../sdk/index.ts'; // in your app: 'toolscope/sdk'

// 1. One call wires telemetry (endpoint and key default to TOOLSCOPE_ENDPOINT / TOOLSCOPE_API_KEY).
const toolscope = createToolscope({ serviceName: 'weather-bot', agentName: 'weather-agent' });

// 2. Tools: a zod schema instead of a hand-written JSON schema, and errors the model can act on.
const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city. Use it whenever the user asks about weather.',
  schema: z.object({ city: z.string().min(1), unit: z.enum(['celsius', 'fahrenheit']).default('celsius') }),
  timeoutMs: 5_000,
  retry: true, // 3 attempts for timeouts, rate limits and upstream errors
  run: async ({ city, unit }, { signal }) => {
    const response = await fetch(`https://wttr.in/${encodeURIComponent(city)}?format=j1`, { signal });
    if (response.status === 404) {
      throw new ToolError('execution/not_found', `No weather for "${city}".`, { suggestions: ['Use a city name, e.g. "Paris".'] });
    }
    if (!response.ok) throw Object.assign(new Error(`weather service answered ${response.status}`), { status: response.status });
    const data = (await response.json()) as { current_condition: [{ temp_C: string; temp_F: string; weatherDesc: [{ value: string }] }] };
    const now = data.current_condition[0];
    return { city, temperature: unit === 'celsius' ? `${now.temp_C} °C` : `${now.temp_F} °F`, sky: now.weatherDesc[0].value };
  },
});
const tools = [getWeather];

const openai = new OpenAI();

export async function answer(question: string): Promise<string> {
  // 3. One run per user request: an invoke_agent span, loop guard and contract around the loop.
  const outcome = await toolscope.run(
    // `stop`: past 8 model turns, or when the model loops, the run throws LoopDetectedError instead of spinning.
    { model: 'gpt-4o-mini', maxIterations: 8, loop: { policy: 'stop' }, contract: { requiredSuccess: ['get_weather'] } },
    async (run) => {
      const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: question }];
      for (;;) {
        const request: ChatCompletionCreateParamsNonStreaming = { model: 'gpt-4o-mini', messages, tools: toOpenAITools(tools) };
        const response = await openai.chat.completions.create(request);
        // 4. Record what the model did with its tools (refusals, unknown tools, missing calls).
        const verdict = run.recordModelTurn(modelTurnFromOpenAI(request, response));
        const message = response.choices[0]!.message;
        messages.push(message);
        if (!message.tool_calls?.length) {
          if (verdict.retryInstruction) {
            messages.push({ role: 'user', content: verdict.retryInstruction });
            continue;
          }
          return message.content ?? '';
        }
        // 5. Execute the requested calls (in parallel) and hand the results back as `tool` messages.
        const { messages: toolMessages } = await executeOpenAIToolCalls(message, tools);
        messages.push(...toolMessages);
      }
    },
  );
  if (outcome.contract?.verdict === 'violated') console.warn('Contract:', outcome.contract.nextActions.join(' '));
  return outcome.value;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await answer(process.argv[2] ?? 'What is the weather in Paris?'));
  await toolscope.shutdown(); // flushes what is still queued
}
