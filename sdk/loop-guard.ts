/**
 * The run's loop guard: pure bookkeeping over the sequence of tool calls,
 * iterations and cost of one run. It reports each loop once, when it starts,
 * and keeps extending that verdict while the loop goes on, so a 20-call loop
 * is one incident rather than sixteen.
 */

export type LoopKind = 'same_tool' | 'identical_calls' | 'cycle' | 'max_iterations' | 'cost_limit';

export interface LoopVerdict {
  readonly type: LoopKind;
  readonly errorType: 'orchestration/loop' | 'orchestration/max_iterations' | 'orchestration/cost_limit';
  /** The repeated tool, for `same_tool` and `identical_calls`. */
  readonly tool?: string;
  /** One period of the cycle, for `cycle`. */
  readonly tools?: readonly string[];
  /** Calls in the incident; iterations for `max_iterations`; calls so far for `cost_limit`. */
  length: number;
  /** Span ids (hex) of the calls in the incident, oldest first. */
  readonly spanIds: string[];
  message: string;
}

export interface LoopGuardOptions {
  /** Same tool this many times in a row is a loop. Default 5. */
  readonly maxSameToolInARow?: number;
  /** The same tool with the same arguments this many times in the run is a loop. Default 3. */
  readonly maxIdenticalCalls?: number;
  /** A cycle of period 2 or 3 (A→B→A→B…) repeated this many times is a loop. Default 3. */
  readonly cycleRepeats?: number;
  readonly maxIterations?: number;
  readonly maxCostUsd?: number;
}

export interface ObservedCall {
  readonly tool: string;
  /** Canonical JSON of the validated (or raw) arguments. */
  readonly argsKey: string;
  readonly spanId?: string;
}

const CYCLE_PERIODS = [2, 3] as const;

export class LoopGuard {
  readonly #sameToolLimit: number;
  readonly #identicalLimit: number;
  readonly #cycleRepeats: number;
  readonly #maxIterations: number | undefined;
  readonly #maxCostUsd: number | undefined;

  readonly #verdicts: LoopVerdict[] = [];
  readonly #tools: string[] = [];
  readonly #spanIds: string[] = [];
  readonly #identical = new Map<string, { spanIds: string[]; verdict?: LoopVerdict }>();
  #openSameTool: LoopVerdict | undefined;
  #openCycle: { verdict: LoopVerdict; period: number } | undefined;
  #iterationVerdict: LoopVerdict | undefined;
  #costVerdict: LoopVerdict | undefined;

  constructor(options: LoopGuardOptions = {}) {
    this.#sameToolLimit = options.maxSameToolInARow ?? 5;
    this.#identicalLimit = options.maxIdenticalCalls ?? 3;
    this.#cycleRepeats = options.cycleRepeats ?? 3;
    this.#maxIterations = options.maxIterations;
    this.#maxCostUsd = options.maxCostUsd;
  }

  /** Every verdict of the run so far, in the order the loops started. */
  get verdicts(): readonly LoopVerdict[] {
    return this.#verdicts;
  }

  /** Records one tool call; returns the loops that started with it (extensions of open loops are not returned). */
  observeCall(call: ObservedCall): LoopVerdict[] {
    this.#tools.push(call.tool);
    this.#spanIds.push(call.spanId ?? '');
    const started: LoopVerdict[] = [];
    const sameTool = this.#checkSameTool(call);
    if (sameTool) started.push(sameTool);
    const identical = this.#checkIdentical(call);
    if (identical) started.push(identical);
    const cycle = this.#checkCycle();
    if (cycle) started.push(cycle);
    this.#verdicts.push(...started);
    return started;
  }

  /** Records that iteration `iteration` (1-based) started. */
  observeIteration(iteration: number): LoopVerdict[] {
    if (this.#maxIterations === undefined || iteration <= this.#maxIterations) return [];
    const message = `Iteration ${iteration} is over the run's maximum of ${this.#maxIterations}.`;
    if (this.#iterationVerdict) {
      this.#iterationVerdict.length = iteration;
      this.#iterationVerdict.message = message;
      return [];
    }
    this.#iterationVerdict = { type: 'max_iterations', errorType: 'orchestration/max_iterations', length: iteration, spanIds: [], message };
    this.#verdicts.push(this.#iterationVerdict);
    return [this.#iterationVerdict];
  }

  /** Records the run's total cost so far, in USD. */
  observeCost(totalUsd: number): LoopVerdict[] {
    if (this.#maxCostUsd === undefined || totalUsd <= this.#maxCostUsd) return [];
    const message = `Cost $${totalUsd.toFixed(4)} is over the run's limit of $${this.#maxCostUsd.toFixed(4)}.`;
    if (this.#costVerdict) {
      this.#costVerdict.length = this.#tools.length;
      this.#costVerdict.message = message;
      return [];
    }
    this.#costVerdict = { type: 'cost_limit', errorType: 'orchestration/cost_limit', length: this.#tools.length, spanIds: [], message };
    this.#verdicts.push(this.#costVerdict);
    return [this.#costVerdict];
  }

  #checkSameTool(call: ObservedCall): LoopVerdict | undefined {
    const run = this.#trailingRunLength();
    if (this.#openSameTool && this.#openSameTool.tool === call.tool && run > this.#sameToolLimit) {
      this.#extend(this.#openSameTool, `${call.tool} was called ${run} times in a row.`);
      return undefined;
    }
    if (run < this.#sameToolLimit) {
      this.#openSameTool = undefined;
      return undefined;
    }
    this.#openSameTool = {
      type: 'same_tool',
      errorType: 'orchestration/loop',
      tool: call.tool,
      length: run,
      spanIds: this.#spanIds.slice(-run).filter(Boolean),
      message: `${call.tool} was called ${run} times in a row.`,
    };
    return this.#openSameTool;
  }

  #trailingRunLength(): number {
    const last = this.#tools[this.#tools.length - 1];
    let run = 0;
    for (let i = this.#tools.length - 1; i >= 0 && this.#tools[i] === last; i--) run++;
    return run;
  }

  #checkIdentical(call: ObservedCall): LoopVerdict | undefined {
    const key = `${call.tool}\u0000${call.argsKey}`;
    const entry = this.#identical.get(key) ?? { spanIds: [] };
    this.#identical.set(key, entry);
    entry.spanIds.push(call.spanId ?? '');
    const count = entry.spanIds.length;
    const message = `${call.tool} was called ${count} times with identical arguments.`;
    if (entry.verdict) {
      this.#extend(entry.verdict, message);
      return undefined;
    }
    if (count < this.#identicalLimit) return undefined;
    entry.verdict = {
      type: 'identical_calls',
      errorType: 'orchestration/loop',
      tool: call.tool,
      length: count,
      spanIds: entry.spanIds.filter(Boolean),
      message,
    };
    return entry.verdict;
  }

  #checkCycle(): LoopVerdict | undefined {
    const tools = this.#tools;
    const n = tools.length;
    if (this.#openCycle) {
      const { verdict, period } = this.#openCycle;
      if (tools[n - 1] === tools[n - 1 - period]) {
        this.#extend(verdict, cycleMessage(verdict.tools ?? [], Math.floor((verdict.length + 1) / period)));
        return undefined;
      }
      this.#openCycle = undefined;
    }
    for (const period of CYCLE_PERIODS) {
      const span = period * this.#cycleRepeats;
      if (n < span) continue;
      const pattern = tools.slice(n - period);
      if (!isPrimitiveCycle(pattern)) continue;
      let repeated = true;
      for (let i = n - span; i < n && repeated; i++) repeated = tools[i] === pattern[(i - (n - span)) % period];
      if (!repeated) continue;
      const verdict: LoopVerdict = {
        type: 'cycle',
        errorType: 'orchestration/loop',
        tools: pattern,
        length: span,
        spanIds: this.#spanIds.slice(n - span).filter(Boolean),
        message: cycleMessage(pattern, this.#cycleRepeats),
      };
      this.#openCycle = { verdict, period };
      return verdict;
    }
    return undefined;
  }

  #extend(verdict: LoopVerdict, message: string): void {
    verdict.length++;
    const spanId = this.#spanIds[this.#spanIds.length - 1];
    if (spanId) verdict.spanIds.push(spanId);
    verdict.message = message;
  }
}

/** A cycle worth reporting alternates between tools: not one tool repeated, not a shorter cycle repeated. */
function isPrimitiveCycle(pattern: readonly string[]): boolean {
  if (new Set(pattern).size < 2) return false;
  // Compare each tool with the one before it, wrapping around: `A B A` repeated gives `A A`.
  return pattern.every((tool, i) => tool !== pattern[(i + pattern.length - 1) % pattern.length]);
}

function cycleMessage(pattern: readonly string[], repeats: number): string {
  return `The calls cycle through ${pattern.join(' → ')} (${repeats} times so far).`;
}
