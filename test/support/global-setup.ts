/**
 * Prepares the one real Postgres the integration tests share: the server in
 * DATABASE_URL when set, an embedded one otherwise. Every run gets a fresh
 * database with all migrations applied, dropped again at the end.
 */
import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../collector/db/client.ts';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from '../../collector/db/embedded-postgres.ts';
import { applyMigrations } from '../../collector/db/migrate.ts';
import { adminUrlOf, dropDatabase, withDatabase } from './database-url.ts';
import { freePort } from './free-port.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let embedded: EmbeddedDatabase | undefined;
  let scratch: string | undefined;
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    scratch = mkdtempSync(join(tmpdir(), 'toolscope-test-pg-'));
    chmodSync(scratch, 0o755);
    embedded = await startEmbeddedPostgres({ dir: scratch, port: await freePort() });
    serverUrl = embedded.url;
  }
  const databaseName = `toolscope_test_${process.pid}_${Date.now()}`;
  const url = withDatabase(serverUrl, databaseName);
  const admin = adminUrlOf(serverUrl);
  await ensureDatabase(admin, databaseName);
  const db = openDatabase(url, { max: 2 });
  await applyMigrations(db.pool);
  await db.close();
  project.provide('databaseUrl', url);

  return async () => {
    await dropDatabase(admin, databaseName).catch(() => {});
    await embedded?.stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  };
}
