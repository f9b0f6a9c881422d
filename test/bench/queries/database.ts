/** Where the query benchmark's data lives: a dedicated database, never the one tests or users use. */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withDatabase } from '../../support/database-url.ts';

export const BENCH_PROJECT = 'bench';

export function benchDatabaseUrl(): string {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  return withDatabase(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres', 'toolscope_bench');
}

/** How long generating the data took, step by step (written by generate.ts, quoted by run.ts). */
export const GENERATION_REPORT = join(dirname(fileURLToPath(import.meta.url)), 'generation.json');
