import { describe, expect, it } from 'vitest';
import { groupByTemplate } from './errors.ts';

const row = (category: string, type: string, message: string, failures: number, tool = 'read_file') => ({
  category,
  type,
  message,
  tool,
  failures,
  sample: `t${failures}:${tool}`,
});

describe('groupByTemplate', () => {
  it('merges messages into templates under their category and type, largest first', () => {
    const tree = groupByTemplate(
      [
        row('execution', 'not_found', 'File not found: a.txt', 3),
        row('execution', 'not_found', 'File not found: b/c.md', 5, 'list_directory'),
        row('execution', 'not_found', 'File not found: d.md', 2),
        row('execution', 'not_found', 'File not found: e.md', 1),
        row('execution', 'timeout', 'timed out after 3000 ms', 10),
        row('arguments', 'schema_violation', 'limit must be <= 100, got 500', 1),
      ],
      3,
    );
    expect(tree.map((c) => [c.category, c.failures])).toEqual([
      ['execution', 21],
      ['arguments', 1],
    ]);
    const notFound = tree[0]!.types.find((t) => t.type === 'not_found')!;
    expect(notFound.templates).toHaveLength(1);
    expect(notFound.templates[0]).toMatchObject({ template: 'File not found: <path>', failures: 11, tools: ['list_directory', 'read_file'] });
    expect(notFound.templates[0]!.examples).toHaveLength(3);
    expect(tree[0]!.types.map((t) => t.type)).toEqual(['not_found', 'timeout']);
  });
});
