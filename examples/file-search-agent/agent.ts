/**
 * The file-search agent: an ordinary OpenAI chat-completions loop, with
 * Toolscope's run, model-turn and tool-call adapters in the three places a
 * real agent would put them.
 */
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { executeOpenAIToolCalls, modelTurnFromOpenAI, run, toOpenAITools, type Contract, type RunOutcome } from '../../sdk/index.ts';
import type { SampleProject } from './sample-folder.ts';
import { REMINDER_PREFIX, type ScriptedModel } from './scripted-model.ts';
import type { FileTools } from './tools.ts';

export const AGENT_NAME = 'file-search-agent';

/** What every run must do (seed 003's rules applied to this agent). */
export const FILE_SEARCH_CONTRACT: Contract = {
  requiredTools: ['search_content', 'write_file'],
  requiredSuccess: ['read_file'],
  dependsOn: { write_file: 'read_file' },
  nextRequired: { read_file: 'write_file' },
};

export const MAX_ITERATIONS = 12;
/** Turns after which the loop gives up whatever the guard says (the guard records; this bounds the demo). */
const HARD_TURN_LIMIT = 30;
/** Price per token of a small model, to give the cost guard something real to add up. */
const USD_PER_INPUT_TOKEN = 0.15 / 1_000_000;
const USD_PER_OUTPUT_TOKEN = 0.6 / 1_000_000;

export interface AgentRunInput {
  readonly model: ScriptedModel;
  readonly tools: FileTools;
  readonly project: SampleProject;
  readonly sessionId: string;
}

export async function runFileSearchAgent(input: AgentRunInput): Promise<RunOutcome<string>> {
  const { model, tools, project } = input;
  const toolList = Object.values(tools);
  return run(
    {
      agent: AGENT_NAME,
      sessionId: input.sessionId,
      model: model.name,
      maxIterations: MAX_ITERATIONS,
      maxCostUsd: 0.05,
      contract: FILE_SEARCH_CONTRACT,
    },
    async (runHandle) => {
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: 'You find answers in the workspace files. Search first, read the file, save a note in notes/output/, then answer.' },
        { role: 'user', content: `Find the summary of ${project.name}, tell me its key risk and save it as a note.` },
      ];
      let answer = '';
      for (let turn = 0; turn < HARD_TURN_LIMIT; turn++) {
        const request: ChatCompletionCreateParamsNonStreaming = {
          model: model.name,
          messages,
          tools: toOpenAITools(toolList),
          // The first turn must act: the answer is in the files, not in the model.
          tool_choice: turn === 0 ? 'required' : 'auto',
        };
        const response = model.complete(request);
        const { inputTokens = 0, outputTokens = 0, ...turnFields } = modelTurnFromOpenAI(request, response);
        const verdict = runHandle.recordModelTurn({
          ...turnFields,
          inputTokens,
          outputTokens,
          costUsd: inputTokens * USD_PER_INPUT_TOKEN + outputTokens * USD_PER_OUTPUT_TOKEN,
        });
        const message = response.choices[0]!.message;
        messages.push(message);

        if (message.tool_calls?.length) {
          const { messages: toolMessages } = await executeOpenAIToolCalls(message, toolList);
          messages.push(...toolMessages);
          continue;
        }
        if (verdict.retryInstruction) {
          messages.push({ role: 'user', content: verdict.retryInstruction });
          continue;
        }
        answer = message.content ?? '';
        // Before accepting the answer, check the contract once and remind the model of what is left.
        const contract = runHandle.checkContract();
        if (contract?.verdict === 'violated' && !messages.some((m) => m.role === 'user' && String(m.content).startsWith(REMINDER_PREFIX))) {
          messages.push({ role: 'user', content: `${REMINDER_PREFIX} ${contract.nextActions.join(' ')}` });
          continue;
        }
        break;
      }
      return answer;
    },
  );
}
