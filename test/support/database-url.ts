/** Helpers to derive per-run databases from a server URL. */
import pg from 'pg';

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The same server, database `postgres`, for CREATE/DROP DATABASE. */
export function adminUrlOf(url: string): string {
  return withDatabase(url, 'postgres');
}

export async function dropDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(database)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
