/**
 * The database a CLI command works on: DATABASE_URL when set, else the
 * embedded Postgres under TOOLSCOPE_HOME. When `toolscope start` already runs
 * the embedded server, other commands connect to it instead of starting a second.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { applyMigrations, pendingMigrations } from '../db/migrate.ts';

export interface CliDatabase {
  db: Database;
  url: string;
  /** True when this process started the embedded server (and stops it on close). */
  ownsEmbeddedServer: boolean;
  close(): Promise<void>;
}

export async function connectDatabase(
  config: Config,
  options: { migrate?: boolean; onProgress?: (message: string) => void; poolSize?: number } = {},
): Promise<CliDatabase> {
  const progress = options.onProgress ?? (() => {});
  let url = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const embeddedDir = join(config.home, 'postgres');
    url = await runningEmbeddedUrl(embeddedDir, config.embeddedPgPort);
    if (!url) {
      const embedded = await startEmbeddedPostgres({ dir: embeddedDir, port: config.embeddedPgPort, onProgress: progress });
      url = embedded.url;
      stopEmbedded = () => embedded.stop();
    }
  } else {
    progress(`using the Postgres in DATABASE_URL (${redactUrl(url)})`);
  }
  const db = openDatabase(url, { max: options.poolSize ?? 10 });
  try {
    if (options.migrate) {
      const applied = await applyMigrations(db.pool, { onProgress: progress });
      progress(applied.length ? `applied ${applied.length} migration(s)` : 'database schema is up to date');
    } else {
      const pending = await pendingMigrations(db.pool);
      if (pending.length) throw new Error(`the database has ${pending.length} pending migration(s); run \`toolscope migrate\` first`);
    }
  } catch (error) {
    await db.close();
    await stopEmbedded?.();
    throw error;
  }
  return {
    db,
    url,
    ownsEmbeddedServer: stopEmbedded !== undefined,
    async close() {
      await db.close();
      await stopEmbedded?.();
    },
  };
}

/** The URL of an embedded server that is already up (started by another toolscope process), if any. */
async function runningEmbeddedUrl(dir: string, port: number): Promise<string | undefined> {
  const passwordFile = join(dir, 'pg-password');
  if (!existsSync(join(dir, 'pgdata', 'postmaster.pid')) || !existsSync(passwordFile)) return undefined;
  const password = readFileSync(passwordFile, 'utf8').trim();
  const url = `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/toolscope`;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'an unparsable URL';
  }
}
