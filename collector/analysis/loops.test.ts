import { describe, expect, it } from 'vitest';
import { canonicalArguments, detectLoops, type LoopCall } from './loops.ts';

let seq = 0;
/** Calls from a compact spec: "a b a b" → tools; args default to a unique value per call. */
function calls(spec: string, args?: (tool: string, i: number) => string): LoopCall[] {
  return spec.split(' ').map((tool, i) => ({
    spanId: `s${String(seq++).padStart(3, '0')}`,
    tool,
    argsKey: args ? args(tool, i) : `{"i":${i}}`,
    durationMs: 10,
  }));
}

describe('detectLoops', () => {
  it('finds the same tool five times in a row, and not four', () => {
    expect(detectLoops(calls('a a a a b'))).toEqual([]);
    const [loop] = detectLoops(calls('b a a a a a c'));
    expect(loop).toMatchObject({ type: 'same_tool', tools: ['a'], length: 5, wastedMs: 40 });
    expect(loop!.spanIds).toHaveLength(5);
  });

  it('keeps the key of a growing streak, so re-detection updates the same incident', () => {
    const run = calls('a a a a a a a');
    const early = detectLoops(run.slice(0, 5));
    const later = detectLoops(run);
    expect(early[0]!.key).toBe(later[0]!.key);
    expect(later[0]!.length).toBe(7);
  });

  it('finds identical calls anywhere in the run, reported once rather than also as a streak', () => {
    const same = () => '{"path":"a.txt"}';
    const loops = detectLoops(calls('read read read read read', same));
    expect(loops.map((l) => l.type)).toEqual(['identical_calls']);
    expect(loops[0]!.length).toBe(5);
    const spread = detectLoops(calls('read x read y read', (tool) => (tool === 'read' ? same() : tool)));
    expect(spread).toMatchObject([{ type: 'identical_calls', length: 3, tools: ['read'] }]);
  });

  it('finds short cycles repeated three times', () => {
    expect(detectLoops(calls('a b a b'))).toEqual([]);
    const [two] = detectLoops(calls('x a b a b a b y'));
    expect(two).toMatchObject({ type: 'cycle', tools: ['a', 'b'], length: 6, wastedMs: 40 });
    const [three] = detectLoops(calls('a b c a b c a b c'));
    expect(three).toMatchObject({ type: 'cycle', tools: ['a', 'b', 'c'], length: 9 });
  });

  it('flags runs past their iteration maximum with the calls past the limit', () => {
    const run = calls('a b c d e f');
    expect(detectLoops(run, { maxIterations: 6 })).toEqual([]);
    const [loop] = detectLoops(run, { maxIterations: 4 });
    expect(loop).toMatchObject({ type: 'max_iterations', key: 'max_iterations', length: 6, spanIds: [run[4]!.spanId, run[5]!.spanId] });
    expect(detectLoops(run, { maxIterations: 4 }, 3)).toEqual([]);
  });

  it('honours configured thresholds', () => {
    expect(detectLoops(calls('a a a'), { sameToolInARow: 3 })[0]!.type).toBe('same_tool');
  });
});

describe('canonicalArguments', () => {
  it('treats reordered keys as the same arguments', () => {
    expect(canonicalArguments('{"b":1,"a":{"d":2,"c":3}}')).toBe(canonicalArguments('{"a":{"c":3,"d":2},"b":1}'));
    expect(canonicalArguments('not json ')).toBe('not json');
    expect(canonicalArguments(null)).toBe('');
  });
});
