/**
 * One place that opens the database: a pg pool for raw SQL (ingest, read
 * models) and a Prisma client, over the same pool, for everything else.
 */
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/client.ts';

export type { PrismaClient };

export interface Database {
  pool: pg.Pool;
  prisma: PrismaClient;
  close(): Promise<void>;
}

// Bigint columns (COUNT(*), SUM over ints) come back as strings by default;
// our counts fit in a double, so parse them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export function openDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // Fail fast when Postgres is down, so ingest can answer 503 instead of hanging.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A dropped idle connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  let closed = false;
  return {
    pool,
    prisma,
    async close() {
      if (closed) return;
      closed = true;
      await prisma.$disconnect();
      await pool.end();
    },
  };
}
