import { describe, expect, it } from 'vitest';
import { evaluateContract, type ContractCall } from './contract.ts';

const ok = (tool: string): ContractCall => ({ tool, ok: true });
const failed = (tool: string, errorType = 'execution/timeout'): ContractCall => ({ tool, ok: false, errorType });

// The shape of seed 003's code-review agent: a testbench must be followed by a simulation.
const reviewContract = {
  requiredTools: ['write_file'],
  requiredSuccess: ['generate_testbench', 'run_simulation'],
  dependsOn: { run_simulation: 'generate_testbench' },
  nextRequired: { generate_testbench: 'run_simulation' },
};

describe('evaluateContract', () => {
  it('passes when every rule holds', () => {
    const verdict = evaluateContract(reviewContract, [ok('write_file'), ok('generate_testbench'), ok('run_simulation')]);
    expect(verdict).toEqual({ verdict: 'passed', violations: [], nextActions: [] });
  });

  it('reports a required tool that was never called, and what to do next', () => {
    const verdict = evaluateContract({ requiredTools: ['write_file'] }, [ok('read_file')]);
    expect(verdict.verdict).toBe('violated');
    expect(verdict.violations).toEqual([
      {
        rule: 'required',
        errorType: 'orchestration/missing_required_tool',
        tool: 'write_file',
        message: 'Required tool write_file was never called.',
        next: 'Call write_file.',
      },
    ]);
    expect(verdict.nextActions).toEqual(['Call write_file.']);
  });

  it('counts a called but failed tool as present for requiredTools', () => {
    expect(evaluateContract({ requiredTools: ['write_file'] }, [failed('write_file')]).verdict).toBe('passed');
  });

  it('reports requiredSuccess when every call failed, naming the last error', () => {
    const verdict = evaluateContract({ requiredSuccess: ['run_simulation'] }, [failed('run_simulation', 'execution/not_found'), failed('run_simulation')]);
    expect(verdict.violations).toEqual([
      expect.objectContaining({
        rule: 'required_success',
        tool: 'run_simulation',
        message: 'Required tool run_simulation was called but never succeeded (last error: execution/timeout).',
      }),
    ]);
  });

  it('reports requiredSuccess tools that were never called as missing', () => {
    expect(evaluateContract({ requiredSuccess: ['x'] }, []).violations).toEqual([expect.objectContaining({ rule: 'required', tool: 'x' })]);
  });

  it('reports dependsOn when B ran before A succeeded', () => {
    const contract = { dependsOn: { run_simulation: 'generate_testbench' } };
    expect(evaluateContract(contract, [ok('run_simulation'), ok('generate_testbench')]).violations).toEqual([
      expect.objectContaining({ rule: 'depends_on', errorType: 'orchestration/order_violation', tool: 'run_simulation' }),
    ]);
    expect(evaluateContract(contract, [failed('generate_testbench'), ok('run_simulation')]).verdict).toBe('violated');
    expect(evaluateContract(contract, [ok('generate_testbench'), ok('run_simulation')]).verdict).toBe('passed');
  });

  it('does not judge dependsOn for a tool that never ran', () => {
    expect(evaluateContract({ dependsOn: { b: 'a' } }, [ok('c')]).verdict).toBe('passed');
  });

  it('checks every prerequisite of a list', () => {
    const verdict = evaluateContract({ dependsOn: { write_file: ['search_content', 'read_file'] } }, [ok('read_file'), ok('write_file')]);
    expect(verdict.violations.map((v) => v.message)).toEqual(['write_file ran before search_content had succeeded.']);
  });

  it('reports nextRequired when nothing followed the last success of A', () => {
    const contract = { nextRequired: { generate_testbench: 'run_simulation' } };
    const verdict = evaluateContract(contract, [ok('generate_testbench'), ok('run_simulation'), ok('generate_testbench')]);
    expect(verdict.violations).toEqual([
      {
        rule: 'next_required',
        errorType: 'orchestration/order_violation',
        tool: 'run_simulation',
        message: 'generate_testbench succeeded but run_simulation was not called after it.',
        next: 'Call run_simulation now that generate_testbench has run.',
      },
    ]);
    expect(evaluateContract(contract, [ok('generate_testbench'), failed('run_simulation')]).verdict).toBe('passed');
    expect(evaluateContract(contract, [failed('generate_testbench')]).verdict).toBe('passed');
  });

  it('lists every violation of a bad run in rule order', () => {
    const verdict = evaluateContract(reviewContract, [ok('run_simulation'), ok('generate_testbench')]);
    expect(verdict.violations.map((v) => v.rule)).toEqual(['required', 'depends_on', 'next_required']);
  });
});
