/**
 * The fold's housekeeping on its own database, so no other test's open
 * snapshot keeps dead delta rows alive: a vacuum after a fold leaves the
 * delta table empty on disk, not a file of dead rows every reader scans.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../collector/db/client.ts';
import { ensureDatabase } from '../../collector/db/embedded-postgres.ts';
import { applyMigrations } from '../../collector/db/migrate.ts';
import { foldRollupDeltas, vacuumRollupDeltas } from '../../collector/ingest/fold-rollups.ts';
import { adminUrlOf, dropDatabase, withDatabase } from '../support/database-url.ts';

const serverUrl = inject('databaseUrl');
const databaseName = `toolscope_fold_${process.pid}_${Date.now()}`;
let db: Database;

beforeAll(async () => {
  await ensureDatabase(adminUrlOf(serverUrl), databaseName);
  db = openDatabase(withDatabase(serverUrl, databaseName), { max: 2 });
  await applyMigrations(db.pool);
}, 60_000);

afterAll(async () => {
  await db.close();
  await dropDatabase(adminUrlOf(serverUrl), databaseName);
});

it('folds every delta once, and a vacuum then leaves the delta table without pages', async () => {
  const project = await db.prisma.project.create({ data: { name: 'fold' } });
  await db.pool.query(
    `INSERT INTO tool_call_rollup_deltas (project_id, bucket, tool_name, calls, failures, latency_histogram)
     SELECT $1, date_trunc('minute', now()) - make_interval(mins => i % 30), 'tool-' || (i % 7), 1, (i % 5 = 0)::int, '{}'
       FROM generate_series(1, 5000) AS i`,
    [project.id],
  );
  await foldRollupDeltas(db.pool);
  const sizeOf = async () => (await db.pool.query(`SELECT pg_relation_size('tool_call_rollup_deltas')::int AS bytes`)).rows[0].bytes;
  const { rows } = await db.pool.query('SELECT sum(calls)::int AS calls, sum(failures)::int AS failures FROM tool_call_rollups WHERE project_id = $1', [project.id]);
  expect(rows[0]).toEqual({ calls: 5000, failures: 1000 });
  expect(await sizeOf()).toBeGreaterThan(0); // deleted, still on disk
  await vacuumRollupDeltas(db.pool);
  expect(await sizeOf()).toBe(0);
});
