/**
 * Contracts: what an agent's runs must do (required tools, required success,
 * dependsOn, nextRequired). The rules and their evaluation are the SDK's
 * (`sdk/contract.ts`), so a run judged in-process and one judged here from
 * stored spans get the same verdict. This module manages contracts for the
 * API and the CLI, and turns violations into incidents.
 */
import { z } from 'zod';
import { ContractSchema, evaluateContract, type ContractViolation } from '../../sdk/contract.ts';
import type { Database } from '../db/client.ts';
import { digest } from './loops.ts';

export { ContractSchema as ContractDefinitionSchema };

const AgentName = z.string().trim().min(1).max(200);

export const UpsertContractInputSchema = z.object({
  projectId: z.uuid(),
  agent: AgentName,
  definition: ContractSchema.refine(
    (d) => Boolean(d.requiredTools?.length || d.requiredSuccess?.length || Object.keys(d.dependsOn ?? {}).length || Object.keys(d.nextRequired ?? {}).length),
    { message: 'a contract needs at least one rule: requiredTools, requiredSuccess, dependsOn or nextRequired' },
  ),
  enabled: z.boolean().default(true),
});
export type UpsertContractInput = z.input<typeof UpsertContractInputSchema>;

export const ContractRefSchema = z.object({ projectId: z.uuid(), agent: AgentName });
export type ContractRef = z.input<typeof ContractRefSchema>;

export interface StoredContract {
  id: string;
  projectId: string;
  agent: string;
  definition: z.infer<typeof ContractSchema>;
  enabled: boolean;
}

const toStored = (row: { id: string; projectId: string; agentName: string; definition: unknown; enabled: boolean }): StoredContract => ({
  id: row.id,
  projectId: row.projectId,
  agent: row.agentName,
  definition: ContractSchema.parse(row.definition),
  enabled: row.enabled,
});

/** Creates the agent's contract or replaces it (one contract per project and agent). */
export async function upsertContract(db: Database, rawInput: UpsertContractInput): Promise<StoredContract> {
  const input = UpsertContractInputSchema.parse(rawInput);
  const row = await db.prisma.contract.upsert({
    where: { projectId_agentName: { projectId: input.projectId, agentName: input.agent } },
    create: { projectId: input.projectId, agentName: input.agent, definition: input.definition, enabled: input.enabled },
    update: { definition: input.definition, enabled: input.enabled },
  });
  return toStored(row);
}

export async function getContract(db: Database, rawRef: ContractRef): Promise<StoredContract | null> {
  const ref = ContractRefSchema.parse(rawRef);
  const row = await db.prisma.contract.findUnique({ where: { projectId_agentName: { projectId: ref.projectId, agentName: ref.agent } } });
  return row ? toStored(row) : null;
}

export async function setContractEnabled(db: Database, rawRef: ContractRef, enabled: boolean): Promise<StoredContract | null> {
  const ref = ContractRefSchema.parse(rawRef);
  const result = await db.prisma.contract.updateMany({ where: { projectId: ref.projectId, agentName: ref.agent }, data: { enabled } });
  return result.count ? getContract(db, ref) : null;
}

/** Returns whether a contract was deleted. Incidents it produced stay: they describe runs that happened. */
export async function deleteContract(db: Database, rawRef: ContractRef): Promise<boolean> {
  const ref = ContractRefSchema.parse(rawRef);
  const result = await db.prisma.contract.deleteMany({ where: { projectId: ref.projectId, agentName: ref.agent } });
  return result.count > 0;
}

export interface ContractCallInput {
  tool: string;
  ok: boolean;
  errorType?: string | undefined;
  spanId: string;
}

export interface ContractFinding {
  type: ContractViolation['rule'];
  key: string;
  tool: string;
  message: string;
  next: string;
  errorType: ContractViolation['errorType'];
  /** Calls of the tool the violation is about (empty when it was never called). */
  spanIds: string[];
}

/**
 * Keys must stay stable across re-evaluation: the rule and tool, plus the
 * other tool of an ordering rule (taken from the message, which names it).
 */
function violationKey(violation: ContractViolation): string {
  if (violation.rule === 'required' || violation.rule === 'required_success') return `${violation.rule}:${violation.tool}`;
  return `${violation.rule}:${violation.tool}:${digest(violation.message)}`;
}

/** Evaluates one run's calls (in call order) against a contract. */
export function contractFindings(definition: z.infer<typeof ContractSchema>, calls: readonly ContractCallInput[]): ContractFinding[] {
  const verdict = evaluateContract(definition, calls);
  return verdict.violations.map((violation) => ({
    type: violation.rule,
    key: violationKey(violation),
    tool: violation.tool,
    message: violation.message,
    next: violation.next,
    errorType: violation.errorType,
    spanIds: calls.filter((call) => call.tool === violation.tool).map((call) => call.spanId),
  }));
}
