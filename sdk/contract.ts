/**
 * Tool contracts of an agent: which tools a run must call, which must
 * succeed, and in what order. Pure: evaluated over the calls of one run.
 */
import { z } from 'zod';

const ToolNames = z.array(z.string().min(1));

export const ContractSchema = z.object({
  /** Each must be called at least once. */
  requiredTools: ToolNames.optional(),
  /** Each must be called and succeed at least once. */
  requiredSuccess: ToolNames.optional(),
  /** `{ B: A }`: B may only run after A has succeeded. */
  dependsOn: z.record(z.string(), z.union([z.string().min(1), ToolNames])).optional(),
  /** `{ A: B }`: after A succeeds, B must be called later in the run. */
  nextRequired: z.record(z.string(), z.union([z.string().min(1), ToolNames])).optional(),
});
export type Contract = z.infer<typeof ContractSchema>;

export type ContractRule = 'required' | 'required_success' | 'depends_on' | 'next_required';

export interface ContractViolation {
  readonly rule: ContractRule;
  readonly errorType: 'orchestration/missing_required_tool' | 'orchestration/order_violation';
  /** The tool the rule is about. */
  readonly tool: string;
  readonly message: string;
  /** What the agent should do next to satisfy the rule. */
  readonly next: string;
}

export interface ContractVerdict {
  readonly verdict: 'passed' | 'violated';
  readonly violations: readonly ContractViolation[];
  /** The `next` of every violation, in order: a to-do list for the agent. */
  readonly nextActions: readonly string[];
}

export interface ContractCall {
  readonly tool: string;
  readonly ok: boolean;
  /** Error type of a failed call, for the message. */
  readonly errorType?: string;
}

const asList = (value: string | readonly string[]): readonly string[] => (typeof value === 'string' ? [value] : value);

/** Checks the calls of a run (in call order) against a contract. */
export function evaluateContract(contract: Contract, calls: readonly ContractCall[]): ContractVerdict {
  const violations: ContractViolation[] = [];
  const called = new Set(calls.map((call) => call.tool));
  const succeeded = new Set(calls.filter((call) => call.ok).map((call) => call.tool));
  const requiredSuccess = new Set(contract.requiredSuccess ?? []);

  for (const tool of new Set([...(contract.requiredTools ?? []), ...requiredSuccess])) {
    if (!called.has(tool)) {
      violations.push({
        rule: 'required',
        errorType: 'orchestration/missing_required_tool',
        tool,
        message: `Required tool ${tool} was never called.`,
        next: `Call ${tool}.`,
      });
    } else if (requiredSuccess.has(tool) && !succeeded.has(tool)) {
      const lastError = [...calls].reverse().find((call) => call.tool === tool)?.errorType;
      violations.push({
        rule: 'required_success',
        errorType: 'orchestration/missing_required_tool',
        tool,
        message: `Required tool ${tool} was called but never succeeded${lastError ? ` (last error: ${lastError})` : ''}.`,
        next: `Fix the cause and call ${tool} again until it succeeds.`,
      });
    }
  }

  for (const [tool, prerequisites] of Object.entries(contract.dependsOn ?? {})) {
    const firstCall = calls.findIndex((call) => call.tool === tool);
    if (firstCall < 0) continue;
    for (const prerequisite of asList(prerequisites)) {
      const satisfied = calls.slice(0, firstCall).some((call) => call.tool === prerequisite && call.ok);
      if (satisfied) continue;
      violations.push({
        rule: 'depends_on',
        errorType: 'orchestration/order_violation',
        tool,
        message: `${tool} ran before ${prerequisite} had succeeded.`,
        next: `Call ${prerequisite} successfully before ${tool}, then call ${tool} again.`,
      });
    }
  }

  for (const [trigger, followers] of Object.entries(contract.nextRequired ?? {})) {
    const lastSuccess = findLastIndex(calls, (call) => call.tool === trigger && call.ok);
    if (lastSuccess < 0) continue;
    for (const follower of asList(followers)) {
      if (calls.slice(lastSuccess + 1).some((call) => call.tool === follower)) continue;
      violations.push({
        rule: 'next_required',
        errorType: 'orchestration/order_violation',
        tool: follower,
        message: `${trigger} succeeded but ${follower} was not called after it.`,
        next: `Call ${follower} now that ${trigger} has run.`,
      });
    }
  }

  return {
    verdict: violations.length === 0 ? 'passed' : 'violated',
    violations,
    nextActions: violations.map((violation) => violation.next),
  };
}

function findLastIndex<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (predicate(items[i]!)) return i;
  return -1;
}
