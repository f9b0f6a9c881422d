/**
 * Argument guards tools need again and again. Path traversal is the one the
 * seeds single out: a model asked to read `notes.md` will sometimes ask for
 * `../../etc/passwd`.
 */
import path from 'node:path';
import { ToolError } from './errors.ts';

/**
 * Resolves `requested` inside `root`, or throws `arguments/unsafe_argument`
 * when it would escape it (`..`, an absolute path elsewhere, a NUL byte).
 */
export function resolveInside(root: string, requested: string): string {
  if (requested.includes('\0')) {
    throw new ToolError('arguments/unsafe_argument', 'The path contains a NUL byte.', {
      suggestions: ['Send a plain relative path.'],
      context: { requestedPath: requested },
    });
  }
  const base = path.resolve(root);
  const resolved = path.resolve(base, requested);
  const relative = path.relative(base, resolved);
  // `..` as a whole segment escapes; a name that merely starts with dots (`..notes.md`) does not.
  const escapes = relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
  if (!escapes) return resolved;
  throw new ToolError('arguments/unsafe_argument', `The path "${requested}" is outside the allowed folder.`, {
    suggestions: ['Use a path relative to the workspace root, without "..".', 'Call list_files to see what is available.'],
    context: { requestedPath: requested },
  });
}
