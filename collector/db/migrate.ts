/**
 * Applies the migrations in prisma/migrations and records them in
 * `_prisma_migrations` exactly as `prisma migrate deploy` does (same table,
 * same checksum: SHA-256 of migration.sql), so both tools agree on what ran.
 *
 * Prisma's own migrate CLI cannot run on machines without its native engine;
 * this runner needs nothing but a connection.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'prisma', 'migrations');

/** Any constant: serialises concurrent runners (several processes starting at once). */
const ADVISORY_LOCK_KEY = 72_707_363;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  if (!existsSync(dir)) throw new Error(`no migrations folder at ${dir}`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^\d{14}_[a-z0-9_]+$/.test(entry.name))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

const CREATE_HISTORY_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** Names of migrations on disk that the database has not finished applying. */
export async function pendingMigrations(pool: pg.Pool, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = readMigrations(dir);
  const { rows } = await pool.query<{ exists: boolean }>(
    "SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS exists",
  );
  if (!rows[0]?.exists) return migrations.map((m) => m.name);
  const applied = await appliedNames(pool);
  return migrations.filter((m) => !applied.has(m.name)).map((m) => m.name);
}

async function appliedNames(client: Pick<pg.Pool, 'query'>): Promise<Set<string>> {
  const { rows } = await client.query<{ migration_name: string }>(
    'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
  );
  return new Set(rows.map((r) => r.migration_name));
}

/**
 * Applies every pending migration, each in its own transaction. Returns the
 * names applied (empty on a second run). Fails loudly when an applied
 * migration's file was edited afterwards.
 */
export async function applyMigrations(
  pool: pg.Pool,
  options: { dir?: string; onProgress?: (message: string) => void } = {},
): Promise<string[]> {
  const migrations = readMigrations(options.dir);
  const progress = options.onProgress ?? (() => {});
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK_KEY]);
    await client.query(CREATE_HISTORY_TABLE);
    const { rows } = await client.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const applied = new Map(rows.map((r) => [r.migration_name, r.checksum]));
    const done: string[] = [];
    for (const migration of migrations) {
      const checksum = applied.get(migration.name);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new Error(
            `migration ${migration.name} was changed after it was applied; restore its migration.sql and put the change in a new migration`,
          );
        }
        continue;
      }
      progress(`applying migration ${migration.name}`);
      const id = randomUUID();
      await client.query('BEGIN');
      try {
        await client.query(
          'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())',
          [id, migration.checksum, migration.name],
        );
        await client.query(migration.sql);
        await client.query(
          'UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1',
          [id],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`);
      }
      done.push(migration.name);
    }
    return done;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
