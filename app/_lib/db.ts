/**
 * The dashboard's one database handle. Kept on globalThis so `next dev` hot
 * reloads reuse the pool instead of opening a new one per edit.
 */
import 'server-only';
import { openDatabase, type Database } from '../../collector/db/client.ts';

const holder = globalThis as typeof globalThis & { __toolscopeDashboardDb?: Database };

export function db(): Database {
  if (!holder.__toolscopeDashboardDb) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set: start the dashboard with `toolscope start`, or set it to a Postgres URL');
    holder.__toolscopeDashboardDb = openDatabase(url, { max: 10 });
  }
  return holder.__toolscopeDashboardDb;
}
