/**
 * Loop detection over the tool calls of one run, in call order. Pure: the
 * worker reads the calls, this finds the loops, the worker stores them.
 *
 * Each loop gets a key that stays the same while the loop grows (it is built
 * from the loop's first call, or from what repeats), so re-detecting a run
 * after more spans arrive updates its incident instead of adding another.
 * Shapes follow the SDK's loop guard (`sdk/loop-guard.ts`) so verdicts from
 * both sides read alike.
 */

export type LoopType = 'same_tool' | 'identical_calls' | 'cycle' | 'max_iterations';

export interface LoopCall {
  spanId: string;
  tool: string;
  /** Canonical arguments (see `canonicalArguments`); calls with equal keys are identical. */
  argsKey: string;
  durationMs: number;
}

export interface LoopOptions {
  /** The same tool this many times in a row is a loop. */
  sameToolInARow: number;
  /** The same tool with the same arguments this many times in a run is a loop. */
  identicalCalls: number;
  /** A cycle of period 2 or 3 (A→B→A→B…) repeated this many times is a loop. */
  cycleRepeats: number;
  /** Iterations over this are a loop; undefined means no limit. */
  maxIterations?: number | undefined;
}

export const DEFAULT_LOOP_OPTIONS: LoopOptions = { sameToolInARow: 5, identicalCalls: 3, cycleRepeats: 3 };

export interface DetectedLoop {
  type: LoopType;
  key: string;
  tools: string[];
  spanIds: string[];
  /** Calls in the loop; iterations for `max_iterations`. */
  length: number;
  /** Time spent in the calls after the first of the loop: what the repetition cost. */
  wastedMs: number;
  message: string;
}

/** JSON with sorted object keys, so `{a,b}` and `{b,a}` are the same arguments. Non-JSON text is kept as is. */
export function canonicalArguments(text: string | null): string {
  if (text == null) return '';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text.trim();
  }
  const sort = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(sort);
    if (item && typeof item === 'object') {
      return Object.fromEntries(Object.keys(item).sort().map((k) => [k, sort((item as Record<string, unknown>)[k])]));
    }
    return item;
  };
  return JSON.stringify(sort(value));
}

/** Short, stable digest for keys (FNV-1a, 32 bits, hex); keys need stability, not secrecy. */
export function digest(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

const wasted = (calls: readonly LoopCall[]) => calls.slice(1).reduce((sum, c) => sum + c.durationMs, 0);
const unique = (items: readonly string[]) => [...new Set(items)];

function identicalCallLoops(calls: readonly LoopCall[], min: number): DetectedLoop[] {
  const groups = new Map<string, LoopCall[]>();
  for (const call of calls) {
    const key = `${call.tool}\u0000${call.argsKey}`;
    groups.set(key, [...(groups.get(key) ?? []), call]);
  }
  const loops: DetectedLoop[] = [];
  for (const [key, group] of groups) {
    if (group.length < min) continue;
    const tool = group[0]!.tool;
    loops.push({
      type: 'identical_calls',
      key: `identical_calls:${tool}:${digest(key)}`,
      tools: [tool],
      spanIds: group.map((c) => c.spanId),
      length: group.length,
      wastedMs: wasted(group),
      message: `${tool} was called ${group.length} times with the same arguments`,
    });
  }
  return loops;
}

function sameToolLoops(calls: readonly LoopCall[], min: number): DetectedLoop[] {
  const loops: DetectedLoop[] = [];
  let start = 0;
  for (let i = 1; i <= calls.length; i++) {
    if (i < calls.length && calls[i]!.tool === calls[start]!.tool) continue;
    const run = calls.slice(start, i);
    // A streak of one identical call is reported as identical_calls, not twice.
    const allIdentical = run.every((c) => c.argsKey === run[0]!.argsKey);
    if (run.length >= min && !allIdentical) {
      const tool = run[0]!.tool;
      loops.push({
        type: 'same_tool',
        key: `same_tool:${run[0]!.spanId}`,
        tools: [tool],
        spanIds: run.map((c) => c.spanId),
        length: run.length,
        wastedMs: wasted(run),
        message: `${tool} was called ${run.length} times in a row`,
      });
    }
    start = i;
  }
  return loops;
}

function cycleLoops(calls: readonly LoopCall[], minRepeats: number): DetectedLoop[] {
  const loops: DetectedLoop[] = [];
  let i = 0;
  while (i < calls.length) {
    let found: { period: number; length: number } | undefined;
    for (const period of [2, 3]) {
      const pattern = calls.slice(i, i + period).map((c) => c.tool);
      if (pattern.length < period || new Set(pattern).size === 1) continue;
      // Period 3 of a period-2 pattern (ABA) is not its own cycle.
      if (period === 3 && pattern[0] === pattern[2]) continue;
      let end = i + period;
      while (end < calls.length && calls[end]!.tool === calls[end - period]!.tool) end++;
      const repeats = Math.floor((end - i) / period);
      if (repeats >= minRepeats) {
        found = { period, length: repeats * period };
        break;
      }
    }
    if (!found) {
      i++;
      continue;
    }
    const segment = calls.slice(i, i + found.length);
    const pattern = segment.slice(0, found.period).map((c) => c.tool);
    loops.push({
      type: 'cycle',
      key: `cycle:${segment[0]!.spanId}`,
      tools: pattern,
      spanIds: segment.map((c) => c.spanId),
      length: segment.length,
      // The first period did the work; every further period repeated it.
      wastedMs: segment.slice(found.period).reduce((sum, c) => sum + c.durationMs, 0),
      message: `the cycle ${pattern.join(' → ')} repeated ${found.length / found.period} times`,
    });
    i += found.length;
  }
  return loops;
}

function maxIterationLoop(calls: readonly LoopCall[], iterations: number, max: number | undefined): DetectedLoop[] {
  if (max === undefined || iterations <= max) return [];
  // Iterations are model turns when the run recorded them, else tool calls; the calls past the limit are the waste.
  const over = calls.slice(Math.min(max, calls.length));
  return [
    {
      type: 'max_iterations',
      key: 'max_iterations',
      tools: unique(over.map((c) => c.tool)),
      spanIds: over.map((c) => c.spanId),
      length: iterations,
      wastedMs: over.reduce((sum, c) => sum + c.durationMs, 0),
      message: `the run took ${iterations} iterations, over its maximum of ${max}`,
    },
  ];
}

/**
 * All loops of one run. `iterations` is the number of model turns when known
 * (otherwise pass the number of calls).
 */
export function detectLoops(
  calls: readonly LoopCall[],
  options: Partial<LoopOptions> = {},
  iterations: number = calls.length,
): DetectedLoop[] {
  const o = { ...DEFAULT_LOOP_OPTIONS, ...options };
  return [
    ...sameToolLoops(calls, o.sameToolInARow),
    ...identicalCallLoops(calls, o.identicalCalls),
    ...cycleLoops(calls, o.cycleRepeats),
    ...maxIterationLoop(calls, iterations, o.maxIterations),
  ];
}
