/**
 * Starts the collector on a database that is already migrated: the HTTP
 * server plus whatever background workers are registered in `workers.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { ApiKeyAuthenticator } from '../auth/api-keys.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { buildCollectorServer } from './app.ts';

export interface RunningCollector {
  app: FastifyInstance;
  /** e.g. http://127.0.0.1:4318 */
  url: string;
  keys: ApiKeyAuthenticator;
  close(): Promise<void>;
}

export interface BackgroundWorker {
  stop(): Promise<void>;
}

export async function startCollector(options: {
  config: Config;
  db: Database;
  /** Started after the server listens, stopped before it closes. */
  workers?: ReadonlyArray<(db: Database, config: Config) => BackgroundWorker>;
}): Promise<RunningCollector> {
  const { config, db } = options;
  const keys = new ApiKeyAuthenticator(db.prisma);
  const app = buildCollectorServer({ db, config, keys });
  await app.listen({ host: config.host, port: config.collectorPort });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.collectorPort;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const workers = (options.workers ?? []).map((start) => start(db, config));
  let closed = false;
  return {
    app,
    url: `http://${host}:${port}`,
    keys,
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all(workers.map((w) => w.stop()));
      await app.close();
    },
  };
}
