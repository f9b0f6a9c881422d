/**
 * Flag parsing for the CLI: node's parseArgs for syntax, zod for values, and
 * one clear line (CliError) for anything wrong.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { z } from 'zod';

/** A mistake the user can fix; printed as one line, exit code 2. */
export class CliError extends Error {
  override name = 'CliError';
}

export interface ParsedArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export function parseFlags(argv: string[], options: NonNullable<ParseArgsConfig['options']>, usage: string): ParsedArgs {
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { values: values as ParsedArgs['values'], positionals };
  } catch (error) {
    // parseArgs messages already name the flag; add how to use the command.
    throw new CliError(`${(error as Error).message.replace(/\.$/, '')}. Usage: ${usage}`);
  }
}

/** Validates flag values with a zod schema; the first problem becomes the error line. */
export function validate<T extends z.ZodType>(schema: T, value: unknown, usage: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length ? `--${String(issue.path[0])}: ` : '';
  throw new CliError(`${where}${issue.message}. Usage: ${usage}`);
}
