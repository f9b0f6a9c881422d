/** Where the query benchmark's data lives: a dedicated database, never the one tests or users use. */
import { withDatabase } from '../../support/database-url.ts';

export const BENCH_PROJECT = 'bench';

export function benchDatabaseUrl(): string {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  return withDatabase(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres', 'toolscope_bench');
}
