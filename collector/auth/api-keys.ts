/**
 * Project API keys. A key is `ts_<scope>_<random>`; only its SHA-256 is stored,
 * so a leaked database does not leak keys. Lookups by hash are cached briefly
 * because every ingest request authenticates.
 */
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { PrismaClient } from '../db/client.ts';

export const KeyScopeSchema = z.enum(['ingest', 'read']);
export type KeyScope = z.infer<typeof KeyScopeSchema>;

export interface CreatedKey {
  id: string;
  projectId: string;
  name: string;
  scope: KeyScope;
  prefix: string;
  /** The whole key: shown once, never stored. */
  key: string;
}

export interface AuthenticatedKey {
  keyId: string;
  projectId: string;
  scope: KeyScope;
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export async function createApiKey(
  prisma: PrismaClient,
  input: { projectId: string; scope: KeyScope; name?: string },
): Promise<CreatedKey> {
  const key = `ts_${input.scope}_${randomBytes(24).toString('base64url')}`;
  const prefix = key.slice(0, 14);
  const row = await prisma.apiKey.create({
    data: {
      projectId: input.projectId,
      scope: input.scope,
      name: input.name ?? `${input.scope} key`,
      prefix,
      hash: hashKey(key),
    },
  });
  return { id: row.id, projectId: row.projectId, name: row.name, scope: input.scope, prefix, key };
}

/** Pulls the key from `Authorization: Bearer …` or `x-api-key`. */
export function keyFromHeaders(headers: Record<string, string | string[] | undefined>): string | undefined {
  const authorization = headers['authorization'];
  const value = Array.isArray(authorization) ? authorization[0] : authorization;
  if (value) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
    if (match) return match[1];
  }
  const apiKey = headers['x-api-key'];
  const raw = Array.isArray(apiKey) ? apiKey[0] : apiKey;
  return raw?.trim() || undefined;
}

interface CacheEntry {
  value: AuthenticatedKey | null;
  expiresAt: number;
}

/**
 * Resolves keys to projects with a short cache. Revocation takes effect within
 * `ttlMs` (default 10 s); call `forget()` to apply it at once in-process.
 */
export class ApiKeyAuthenticator {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(
    private readonly prisma: PrismaClient,
    private readonly ttlMs = 10_000,
  ) {}

  async authenticate(key: string | undefined, scope: KeyScope): Promise<AuthenticatedKey | null> {
    if (!key) return null;
    const hash = hashKey(key);
    const now = Date.now();
    let entry = this.cache.get(hash);
    if (!entry || entry.expiresAt < now) {
      const row = await this.prisma.apiKey.findUnique({ where: { hash } });
      const value = row && !row.revokedAt ? { keyId: row.id, projectId: row.projectId, scope: row.scope as KeyScope } : null;
      entry = { value, expiresAt: now + this.ttlMs };
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(hash, entry);
    }
    return entry.value && entry.value.scope === scope ? entry.value : null;
  }

  forget(): void {
    this.cache.clear();
  }
}
