/**
 * One transaction on a pooled connection: COMMIT when `work` resolves,
 * ROLLBACK when it throws (the error is rethrown; a failing ROLLBACK, say on
 * a dropped connection, must not hide it), and the connection always goes
 * back to the pool. `begin` may carry modes, e.g. `BEGIN READ ONLY`.
 */
import type pg from 'pg';

export async function withTransaction<T>(
  pool: Pick<pg.Pool, 'connect'>,
  work: (client: pg.PoolClient) => Promise<T>,
  begin = 'BEGIN',
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
