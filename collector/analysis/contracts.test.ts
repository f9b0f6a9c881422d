import { describe, expect, it } from 'vitest';
import { contractFindings, UpsertContractInputSchema, type ContractCallInput } from './contracts.ts';

const call = (tool: string, ok = true, spanId = `${tool}-${Math.random()}`): ContractCallInput => ({ tool, ok, spanId });

// The code-review agent of the seed: generate a testbench, then run the simulation.
const reviewContract = {
  requiredTools: ['write_file'],
  requiredSuccess: ['generate_testbench', 'run_simulation'],
  dependsOn: { run_simulation: 'generate_testbench' },
  nextRequired: { generate_testbench: 'run_simulation' },
};

describe('contractFindings', () => {
  it('passes a run that follows the contract', () => {
    expect(contractFindings(reviewContract, [call('write_file'), call('generate_testbench'), call('run_simulation')])).toEqual([]);
  });

  it('reports a required tool that was never called, and the missing next step', () => {
    const findings = contractFindings(reviewContract, [call('write_file'), call('generate_testbench')]);
    expect(findings.map((f) => [f.type, f.tool])).toEqual([
      ['required', 'run_simulation'],
      ['next_required', 'run_simulation'],
    ]);
    expect(findings[0]!.key).toBe('required:run_simulation');
    expect(findings[0]!.spanIds).toEqual([]);
  });

  it('reports a required tool that only failed, with its calls', () => {
    const failed = call('run_simulation', false, 'sim-1');
    const findings = contractFindings(reviewContract, [call('write_file'), call('generate_testbench'), failed]);
    expect(findings).toMatchObject([{ type: 'required_success', tool: 'run_simulation', spanIds: ['sim-1'] }]);
  });

  it('reports an order violation when a tool runs before its dependency succeeded', () => {
    const findings = contractFindings(reviewContract, [
      call('write_file'),
      call('run_simulation'),
      call('generate_testbench'),
      call('run_simulation'),
    ]);
    expect(findings.map((f) => f.type)).toEqual(['depends_on']);
    expect(findings[0]!.errorType).toBe('orchestration/order_violation');
  });

  it('keeps keys stable when the same violation is found again', () => {
    const a = contractFindings(reviewContract, [call('write_file'), call('run_simulation')]);
    const b = contractFindings(reviewContract, [call('write_file'), call('run_simulation'), call('write_file')]);
    expect(a.map((f) => f.key)).toEqual(b.map((f) => f.key));
  });
});

describe('UpsertContractInputSchema', () => {
  it('rejects a contract without rules', () => {
    const result = UpsertContractInputSchema.safeParse({ projectId: crypto.randomUUID(), agent: 'a', definition: {} });
    expect(result.success).toBe(false);
  });
});
