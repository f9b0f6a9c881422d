import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../collector/db/client.ts';
import { applyMigrations, pendingMigrations, readMigrations } from '../../collector/db/migrate.ts';

const db = openDatabase(inject('databaseUrl'), { max: 2 });
afterAll(() => db.close());

describe('migrations', () => {
  it('are all applied by the global setup, and a second run applies nothing', async () => {
    expect(await pendingMigrations(db.pool)).toEqual([]);
    expect(await applyMigrations(db.pool)).toEqual([]);
  });

  it('are recorded the way prisma migrate deploy records them', async () => {
    const { rows } = await db.pool.query(
      'SELECT migration_name, checksum, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name',
    );
    expect(rows).toEqual(
      readMigrations().map((m) => ({ migration_name: m.name, checksum: m.checksum, applied_steps_count: 1 })),
    );
  });

  it('give a schema the Prisma client can use', async () => {
    const project = await db.prisma.project.create({ data: { name: `migrations-${Date.now()}` } });
    expect(project.retentionDays).toBe(30);
    await db.prisma.project.delete({ where: { id: project.id } });
  });
});
