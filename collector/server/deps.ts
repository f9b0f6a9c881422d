/** What every route of the collector's HTTP server is given. */
import type { ApiKeyAuthenticator } from '../auth/api-keys.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';

export interface ServerDeps {
  db: Database;
  config: Config;
  keys: ApiKeyAuthenticator;
}
