/**
 * Dashboard sessions: a cookie holding `userId.expiresAt.signature`, where the
 * signature is HMAC-SHA256 over the first two parts. Stateless on purpose, so
 * the dashboard and the collector can both verify a session with only the
 * secret. The secret comes from TOOLSCOPE_SESSION_SECRET, else from the
 * `settings` row `session_secret`, created on first use.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PrismaClient } from '../db/client.ts';

export const SESSION_COOKIE = 'toolscope_session';
/** Twelve hours: a working day, short enough that a stolen cookie expires soon. */
export const SESSION_TTL_SECONDS = 12 * 60 * 60;
const SECRET_SETTING_KEY = 'session_secret';

export interface Session {
  userId: string;
  /** Unix seconds. */
  expiresAt: number;
}

/** Reads the signing secret, creating and storing one the first time. */
export async function sessionSecret(prisma: PrismaClient, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const fromEnv = env.TOOLSCOPE_SESSION_SECRET?.trim();
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('TOOLSCOPE_SESSION_SECRET must be at least 32 characters');
    return fromEnv;
  }
  const existing = await prisma.setting.findUnique({ where: { key: SECRET_SETTING_KEY } });
  if (existing) return existing.value;
  // Two processes may race on first use: create-if-missing, then read back the winner.
  await prisma.setting.createMany({
    data: [{ key: SECRET_SETTING_KEY, value: randomBytes(32).toString('base64url') }],
    skipDuplicates: true,
  });
  const stored = await prisma.setting.findUniqueOrThrow({ where: { key: SECRET_SETTING_KEY } });
  return stored.value;
}

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** Builds the cookie value for a user; `now` in milliseconds for tests. */
export function createSessionToken(userId: string, secret: string, now = Date.now(), ttlSeconds = SESSION_TTL_SECONDS): string {
  const expiresAt = Math.floor(now / 1000) + ttlSeconds;
  const payload = `${userId}.${expiresAt}`;
  return `${payload}.${sign(payload, secret)}`;
}

/** Returns the session when the token is well formed, correctly signed and not expired; else null. */
export function verifySessionToken(token: string | undefined, secret: string, now = Date.now()): Session | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [userId, expiresRaw, signature] = parts as [string, string, string];
  const expected = Buffer.from(sign(`${userId}.${expiresRaw}`, secret));
  const actual = Buffer.from(signature);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  const expiresAt = Number(expiresRaw);
  if (!Number.isInteger(expiresAt) || expiresAt * 1000 <= now) return null;
  return { userId, expiresAt };
}
