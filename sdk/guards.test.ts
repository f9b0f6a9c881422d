import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ToolError } from './errors.ts';
import { resolveInside } from './guards.ts';

const root = path.resolve('/srv/workspace');

describe('resolveInside', () => {
  it.each([
    ['notes/todo.txt', path.join(root, 'notes/todo.txt')],
    ['./notes/../README.md', path.join(root, 'README.md')],
    ['.', root],
    ['..notes.md', path.join(root, '..notes.md')],
    [path.join(root, 'a.md'), path.join(root, 'a.md')],
  ])('allows %s', (requested, expected) => {
    expect(resolveInside(root, requested)).toBe(expected);
  });

  it.each(['..', '../../etc/passwd', 'notes/../../secret', '/etc/passwd', path.resolve('/srv/workspace-evil/a.md')])(
    'refuses %s as arguments/unsafe_argument',
    (requested) => {
      let thrown: unknown;
      try {
        resolveInside(root, requested);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ToolError);
      expect(thrown).toMatchObject({ qualifiedType: 'arguments/unsafe_argument', context: { requestedPath: requested } });
    },
  );

  it('refuses NUL bytes', () => {
    expect(() => resolveInside(root, 'a.md\0.png')).toThrow(/NUL byte/);
  });
});
