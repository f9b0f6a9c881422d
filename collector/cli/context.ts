/** What every CLI command gets: output streams, configuration and a database on demand. */
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { connectDatabase } from './database.ts';

export interface CommandContext {
  config: Config;
  /** Results: stdout. */
  out(line: string): void;
  /** Progress and notes: stderr, so stdout stays parseable. */
  err(line: string): void;
  /** Opens the (migrated) database, runs `fn`, closes it again. */
  withDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T>;
}

export function createCommandContext(config: Config): CommandContext {
  const err = (line: string) => process.stderr.write(`${line}\n`);
  return {
    config,
    out: (line) => process.stdout.write(`${line}\n`),
    err,
    async withDatabase(fn) {
      const connection = await connectDatabase(config, { migrate: true, poolSize: 2 });
      try {
        return await fn(connection.db);
      } finally {
        await connection.close();
      }
    },
  };
}
