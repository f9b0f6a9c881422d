/**
 * A deterministic stand-in for a chat-completions model. It follows the plan
 * a good model would (search → read → write a note → answer) but makes the
 * mistakes real models make, at rates chosen by a seeded generator, and
 * recovers from them the way real models do when they read the error.
 */
import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessage,
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { SampleProject } from './sample-folder.ts';

/** How often each mistake happens in a run. Rough rates seen in production agents on small models. */
export const MISTAKE_RATES = {
  /** Claims it has no tools on the first, tool-required turn. */
  refusal: 0.12,
  /** Calls a tool that does not exist (`grep_files`). */
  unknownTool: 0.1,
  /** Sends arguments that are not valid JSON. */
  invalidJson: 0.08,
  /** Re-lists the same folder again and again. */
  loop: 0.1,
  /** Asks for a file outside the workspace. */
  traversal: 0.08,
  /** Guesses the summary's path wrong. */
  wrongPath: 0.25,
  /** Asks for a line offset past the end of the file, or more lines than a read may return. */
  outOfRange: 0.12,
  /** Writes numbers as strings (`"offset": "0"`). */
  stringNumbers: 0.3,
  /** Reads the meeting notes in parallel with the summary. */
  parallelRead: 0.4,
  /** Answers without writing the note the task asked for. */
  skipWrite: 0.15,
  /** Still skips the note after being reminded. */
  ignoresReminder: 0.5,
} as const;

export type MistakePlan = { readonly [K in keyof typeof MISTAKE_RATES]: boolean };

export function planMistakes(random: () => number): MistakePlan {
  const plan = {} as Record<keyof typeof MISTAKE_RATES, boolean>;
  for (const [name, rate] of Object.entries(MISTAKE_RATES) as [keyof typeof MISTAKE_RATES, number][]) plan[name] = random() < rate;
  return plan;
}

interface PlannedCall {
  readonly name: string;
  /** Raw `arguments` string, as a model would write it (possibly broken). */
  readonly arguments: string;
}

interface PlannedTurn {
  readonly calls?: readonly PlannedCall[];
  readonly text?: string;
  /** Turns the model inserts when a call of this turn comes back with an error. */
  readonly recover?: readonly PlannedTurn[];
}

/** The sentence the agent appends when the contract says something is left to do. */
export const REMINDER_PREFIX = 'Before you finish:';

const call = (name: string, args: Record<string, unknown> | string): PlannedCall => ({
  name,
  arguments: typeof args === 'string' ? args : JSON.stringify(args),
});

export class ScriptedModel {
  readonly name = 'scripted-gpt-mini';
  readonly #turns: PlannedTurn[];
  readonly #writeTurns: PlannedTurn[];
  readonly #plan: MistakePlan;
  readonly #runLabel: string;
  #lastTurn: PlannedTurn | undefined;
  #callCounter = 0;
  #reminded = false;

  constructor(project: SampleProject, plan: MistakePlan, runLabel: string, random: () => number) {
    this.#plan = plan;
    this.#runLabel = runLabel;
    const notePath = `notes/output/${project.name.toLowerCase().replace(/\s+/g, '-')}-risk.md`;
    const readArgs = (offset: number): Record<string, unknown> =>
      plan.stringNumbers ? { path: project.summaryPath, offset: String(offset), limit: '40' } : { path: project.summaryPath, offset, limit: 40 };
    const correctRead: PlannedTurn = {
      calls: [call('read_file', readArgs(0)), ...(plan.parallelRead ? [call('read_file', { path: 'notes/meeting-2026-11-14.md' })] : [])],
    };
    const turns: PlannedTurn[] = [];

    if (plan.refusal) {
      // Two hard refusals (English, Chinese) and a soft one: answering from memory instead of looking.
      const refusals = [
        "I'm sorry, but I don't have tools to browse your files. You could try running grep yourself.",
        '抱歉，当前环境中没有可用的工具，我无法调用工具来搜索文件。',
        `From what I know, ${project.name} is probably at risk from its timeline.`,
      ];
      turns.push({ text: refusals[Math.floor(random() * refusals.length)]! });
    }
    if (plan.unknownTool) turns.push({ calls: [call('grep_files', { pattern: project.keyword })] });
    const search = call('search_content', { keyword: project.keyword });
    turns.push(plan.invalidJson
      ? { calls: [call('search_content', `{"keyword": "${project.keyword}",`)], recover: [{ calls: [search] }] }
      : { calls: [search] });
    if (plan.loop) for (let i = 0; i < 5; i++) turns.push({ calls: [call('list_files', { path: 'projects' })] });
    if (plan.traversal) turns.push({ calls: [call('read_file', { path: '../../../etc/passwd' })] });
    if (plan.wrongPath) {
      const guess = project.summaryPath.split('/').pop()!.replace('summary', 'sumary');
      turns.push({ calls: [call('read_file', { path: guess })], recover: [{ calls: [call('list_files', { path: 'projects' })] }, correctRead] });
    } else if (plan.outOfRange) {
      // Either an offset past the end (the tool refuses) or a limit over the schema's maximum (zod refuses).
      const badRead = random() < 0.5 ? readArgs(500) : { path: project.summaryPath, offset: 0, limit: 1000 };
      turns.push({ calls: [call('read_file', badRead)], recover: [correctRead] });
    } else {
      turns.push(correctRead);
    }
    this.#writeTurns = [
      { calls: [call('write_file', { path: notePath, content: `# ${project.name}\n\nKey risk: ${project.keyRisk}\n` })] },
      { text: `The key risk of ${project.name} is: ${project.keyRisk} I saved it to ${notePath}.` },
    ];
    if (plan.skipWrite) turns.push({ text: `The key risk of ${project.name} is: ${project.keyRisk}` });
    else turns.push(...this.#writeTurns);
    this.#turns = turns;
  }

  /** One chat completion for the conversation so far. */
  complete(request: ChatCompletionCreateParamsNonStreaming): ChatCompletion {
    this.#reactToLastMessages(request.messages);
    const turn = this.#turns.shift() ?? { text: 'Done.' };
    this.#lastTurn = turn;
    const toolCalls: ChatCompletionMessageFunctionToolCall[] = (turn.calls ?? []).map((planned) => ({
      id: `call_${this.#runLabel}_${++this.#callCounter}`,
      type: 'function',
      function: { name: planned.name, arguments: planned.arguments },
    }));
    const message: ChatCompletionMessage = {
      role: 'assistant',
      content: turn.text ?? null,
      refusal: null,
      ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
    };
    const promptChars = request.messages.reduce((sum, m) => sum + JSON.stringify(m.content ?? '').length, 0);
    const completionChars = (turn.text?.length ?? 0) + toolCalls.reduce((sum, c) => sum + c.function.arguments.length + 20, 0);
    return {
      id: `chatcmpl_${this.#runLabel}_${this.#callCounter}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: this.name,
      choices: [{ index: 0, finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop', logprobs: null, message }],
      usage: {
        prompt_tokens: Math.ceil(promptChars / 4),
        completion_tokens: Math.ceil(completionChars / 4),
        total_tokens: Math.ceil((promptChars + completionChars) / 4),
      },
    };
  }

  /** Reads the tool results and reminders that came back since its last turn, as a model would. */
  #reactToLastMessages(messages: readonly ChatCompletionMessageParam[]): void {
    const last = messages[messages.length - 1];
    if (last?.role === 'user' && typeof last.content === 'string' && last.content.startsWith(REMINDER_PREFIX) && !this.#reminded) {
      this.#reminded = true;
      if (!this.#plan.ignoresReminder) this.#turns.unshift(...this.#writeTurns);
      return;
    }
    const recover = this.#lastTurn?.recover;
    if (!recover) return;
    const trailingToolMessages = [];
    for (let i = messages.length - 1; i >= 0 && messages[i]?.role === 'tool'; i--) trailingToolMessages.push(messages[i]);
    const failed = trailingToolMessages.some((m) => typeof m?.content === 'string' && m.content.startsWith('{"error":true'));
    if (failed) this.#turns.unshift(...recover);
  }
}
