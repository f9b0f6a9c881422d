/** withTransaction on real Postgres: commits what resolves, rolls back what throws, and always returns the connection. */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { openDatabase } from '../../collector/db/client.ts';
import { withTransaction } from '../../collector/db/transaction.ts';

const db = openDatabase(inject('databaseUrl'), { max: 1 });
const table = `transaction_test_${process.pid}_${Date.now()}`;

beforeAll(async () => {
  await db.pool.query(`CREATE TABLE ${table} (n int)`);
});
afterAll(async () => {
  await db.pool.query(`DROP TABLE ${table}`);
  await db.close();
});

const rows = async () => (await db.pool.query(`SELECT n FROM ${table} ORDER BY n`)).rows.map((r) => r.n);

it('commits when the work resolves, and rolls back and rethrows when it throws', async () => {
  expect(await withTransaction(db.pool, async (client) => (await client.query(`INSERT INTO ${table} VALUES (1) RETURNING n`)).rows[0].n)).toBe(1);
  const failure = new Error('work failed');
  await expect(
    withTransaction(db.pool, async (client) => {
      await client.query(`INSERT INTO ${table} VALUES (2)`);
      throw failure;
    }),
  ).rejects.toBe(failure);
  // A pool of one: had a connection not come back (or come back inside a transaction), this would hang or see row 2.
  expect(await rows()).toEqual([1]);
});

it('opens the transaction with the modes it is given', async () => {
  await expect(withTransaction(db.pool, (client) => client.query(`INSERT INTO ${table} VALUES (3)`), 'BEGIN READ ONLY')).rejects.toThrow(/read-only/);
  expect(await rows()).toEqual([1]);
});
