/** Turns zod issues into one error message that says which option is wrong and how. */
import type { z } from 'zod';
import { formatPath } from './validation.ts';

export function optionsError(where: string, error: z.ZodError): TypeError {
  const lines = error.issues.map((issue) => `  - ${formatPath(issue.path) || '(options)'}: ${issue.message}`);
  return new TypeError(`${where}: invalid options\n${lines.join('\n')}`);
}
