import { describe, expect, it } from 'vitest';
import { LoopGuard, type LoopVerdict } from './loop-guard.ts';

/** Feeds calls named by tool (and optional args) and returns every verdict that started. */
function feed(guard: LoopGuard, calls: readonly (string | [string, string])[]): LoopVerdict[] {
  const started: LoopVerdict[] = [];
  calls.forEach((call, i) => {
    const [tool, argsKey] = typeof call === 'string' ? [call, `{"i":${i}}`] : call;
    started.push(...guard.observeCall({ tool, argsKey, spanId: `span${i}` }));
  });
  return started;
}

describe('LoopGuard: same tool in a row', () => {
  it('stays quiet at 4 calls and reports at the 5th', () => {
    const guard = new LoopGuard();
    expect(feed(guard, ['read', 'read', 'read', 'read'])).toEqual([]);
    const started = guard.observeCall({ tool: 'read', argsKey: 'x5', spanId: 'span4' });
    expect(started).toEqual([
      {
        type: 'same_tool',
        errorType: 'orchestration/loop',
        tool: 'read',
        length: 5,
        spanIds: ['span0', 'span1', 'span2', 'span3', 'span4'],
        message: 'read was called 5 times in a row.',
      },
    ]);
  });

  it('extends one incident while the loop goes on, and starts a new one after a break', () => {
    const guard = new LoopGuard({ maxSameToolInARow: 3 });
    const started = feed(guard, ['a', 'a', 'a', 'a', 'a', 'b', 'a', 'a', 'a']);
    expect(started.map((v) => [v.type, v.length])).toEqual([
      ['same_tool', 5],
      ['same_tool', 3],
    ]);
    expect(guard.verdicts[0]?.message).toBe('a was called 5 times in a row.');
  });
});

describe('LoopGuard: identical calls', () => {
  it('reports the third call with the same tool and arguments, even when not consecutive', () => {
    const guard = new LoopGuard();
    const started = feed(guard, [['read', '{"p":"x"}'], ['list', '{}'], ['read', '{"p":"x"}'], ['list', '{"d":1}'], ['read', '{"p":"x"}']]);
    expect(started).toEqual([
      expect.objectContaining({ type: 'identical_calls', tool: 'read', length: 3, spanIds: ['span0', 'span2', 'span4'] }),
    ]);
  });

  it('does not confuse different arguments', () => {
    const guard = new LoopGuard();
    expect(feed(guard, [['read', '1'], ['list', '{}'], ['read', '2'], ['list', '{"a":1}'], ['read', '3']])).toEqual([]);
  });
});

describe('LoopGuard: short cycles', () => {
  it('reports A→B repeated three times at the sixth call', () => {
    const guard = new LoopGuard();
    expect(feed(guard, ['list', 'read', 'list', 'read', 'list'])).toEqual([]);
    const started = guard.observeCall({ tool: 'read', argsKey: 'z', spanId: 'span5' });
    expect(started).toEqual([expect.objectContaining({ type: 'cycle', tools: ['list', 'read'], length: 6 })]);
  });

  it('reports A→B→C repeated three times', () => {
    const guard = new LoopGuard();
    const started = feed(guard, ['a', 'b', 'c', 'a', 'b', 'c', 'a', 'b', 'c']);
    expect(started).toEqual([expect.objectContaining({ type: 'cycle', tools: ['a', 'b', 'c'], length: 9 })]);
  });

  it('extends the cycle instead of reporting it again', () => {
    const guard = new LoopGuard({ cycleRepeats: 2 });
    const started = feed(guard, ['a', 'b', 'a', 'b', 'a', 'b', 'a']);
    expect(started.filter((v) => v.type === 'cycle')).toHaveLength(1);
    expect(guard.verdicts.find((v) => v.type === 'cycle')?.length).toBe(7);
  });

  it('does not see a cycle in A→A→B or in progress that moves on', () => {
    const guard = new LoopGuard({ cycleRepeats: 2 });
    expect(feed(guard, ['a', 'a', 'b', 'a', 'a', 'b']).filter((v) => v.type === 'cycle')).toEqual([]);
    expect(feed(new LoopGuard(), ['search', 'read', 'write', 'list', 'read', 'search'])).toEqual([]);
  });
});

describe('LoopGuard: iterations and cost', () => {
  it('reports the first iteration over the maximum once, then keeps the count', () => {
    const guard = new LoopGuard({ maxIterations: 3 });
    expect([1, 2, 3].flatMap((i) => guard.observeIteration(i))).toEqual([]);
    expect(guard.observeIteration(4)).toEqual([
      expect.objectContaining({ type: 'max_iterations', errorType: 'orchestration/max_iterations', length: 4 }),
    ]);
    expect(guard.observeIteration(5)).toEqual([]);
    expect(guard.verdicts[0]?.length).toBe(5);
  });

  it('reports cost over the limit once', () => {
    const guard = new LoopGuard({ maxCostUsd: 0.5 });
    expect(guard.observeCost(0.5)).toEqual([]);
    expect(guard.observeCost(0.51)).toEqual([expect.objectContaining({ type: 'cost_limit', errorType: 'orchestration/cost_limit' })]);
    expect(guard.observeCost(0.9)).toEqual([]);
    expect(guard.verdicts).toHaveLength(1);
  });

  it('ignores iterations and cost without limits', () => {
    const guard = new LoopGuard();
    expect(guard.observeIteration(1000)).toEqual([]);
    expect(guard.observeCost(1000)).toEqual([]);
  });
});
