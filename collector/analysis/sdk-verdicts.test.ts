import { describe, expect, it } from 'vitest';
import { sdkFindings } from './sdk-verdicts.ts';

describe('sdkFindings', () => {
  it('keeps the longest version of a growing loop verdict', () => {
    const early = { type: 'same_tool', tool: 'read', length: 5, spanIds: ['a', 'b', 'c', 'd', 'e'], message: 'read ×5' };
    const later = { ...early, length: 7, spanIds: [...early.spanIds, 'f', 'g'], message: 'read ×7' };
    const findings = sdkFindings([
      { 'toolscope.loop.verdicts': [early] },
      { 'toolscope.loop.verdicts': JSON.stringify([later]) },
    ]);
    expect(findings).toMatchObject([{ kind: 'loop', type: 'same_tool', key: 'sdk:same_tool:a', length: 7, message: 'read ×7' }]);
  });

  it('reads contract violations and ignores malformed entries', () => {
    const findings = sdkFindings([
      {
        'toolscope.contract.violations': [
          { rule: 'required', tool: 'run_simulation', message: 'never called', next: 'Call run_simulation.' },
          { rule: 'required' },
          'junk',
        ],
        'toolscope.loop.verdicts': 'not json',
      },
    ]);
    expect(findings).toMatchObject([{ kind: 'contract', type: 'required', tools: ['run_simulation'] }]);
  });
});
