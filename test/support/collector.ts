/**
 * Starts a real collector for a test file: its own project with an ingest and
 * a read key, on a free port, over the test database.
 */
import { inject } from 'vitest';
import { createApiKey } from '../../collector/auth/api-keys.ts';
import { loadConfig, type Config } from '../../collector/config.ts';
import { openDatabase, type Database } from '../../collector/db/client.ts';
import { createProject } from '../../collector/projects/projects.ts';
import { startCollector, type RunningCollector } from '../../collector/server/start.ts';

export interface TestCollector {
  collector: RunningCollector;
  db: Database;
  config: Config;
  projectId: string;
  ingestKey: string;
  readKey: string;
  /** Stops the collector and closes its pool. */
  close(): Promise<void>;
}

let counter = 0;

export async function startTestCollector(
  options: { databaseUrl?: string; env?: Record<string, string>; projectName?: string } = {},
): Promise<TestCollector> {
  const databaseUrl = options.databaseUrl ?? inject('databaseUrl');
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl,
    TOOLSCOPE_HOST: '127.0.0.1',
    TOOLSCOPE_COLLECTOR_PORT: '0',
    TOOLSCOPE_LOG_LEVEL: 'silent',
    ...options.env,
  } as NodeJS.ProcessEnv);
  const db = openDatabase(databaseUrl);
  const name = options.projectName ?? `test-${process.pid}-${Date.now()}-${counter++}`;
  const project = await createProject(db.prisma, name);
  const ingest = await createApiKey(db.prisma, { projectId: project.id, scope: 'ingest' });
  const read = await createApiKey(db.prisma, { projectId: project.id, scope: 'read' });
  const collector = await startCollector({ config, db });
  return {
    collector,
    db,
    config,
    projectId: project.id,
    ingestKey: ingest.key,
    readKey: read.key,
    async close() {
      await collector.close();
      await db.close();
    },
  };
}
