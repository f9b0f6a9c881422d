/**
 * Dashboard accounts. Passwords are hashed with scrypt (salt:hash, hex); the
 * first start creates one admin, from TOOLSCOPE_ADMIN_EMAIL /
 * TOOLSCOPE_ADMIN_PASSWORD when set, else with a generated password printed once.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { z } from 'zod';
import type { PrismaClient } from '../db/client.ts';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

export const UserRoleSchema = z.enum(['admin', 'member']);
export type UserRole = z.infer<typeof UserRoleSchema>;

export const NewUserSchema = z.object({
  email: z.string().trim().toLowerCase().email('must be an email address'),
  password: z.string().min(8, 'must be at least 8 characters'),
  role: UserRoleSchema.default('member'),
});
export type NewUser = z.input<typeof NewUserSchema>;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32);
  return `${salt.toString('hex')}:${hash.toString('hex')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [saltHex, hashHex] = stored.split(':');
  if (!saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = await scrypt(password, Buffer.from(saltHex, 'hex'), expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export async function createUser(prisma: PrismaClient, input: NewUser) {
  const user = NewUserSchema.parse(input);
  return prisma.user.create({
    data: { email: user.email, role: user.role, passwordHash: await hashPassword(user.password) },
  });
}

/** Returns the user when the email and password match, else null. */
export async function authenticateUser(prisma: PrismaClient, email: string, password: string) {
  const user = await prisma.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) return null;
  return (await verifyPassword(password, user.passwordHash)) ? user : null;
}

export interface EnsuredAdmin {
  email: string;
  /** Set only when this call created the admin with a generated password: print it once. */
  generatedPassword?: string;
  created: boolean;
}

/** Creates the first admin when the instance has no admin yet. */
export async function ensureAdminUser(
  prisma: PrismaClient,
  env: { email?: string | undefined; password?: string | undefined } = {},
): Promise<EnsuredAdmin> {
  const existing = await prisma.user.findFirst({ where: { role: 'admin' }, orderBy: { createdAt: 'asc' } });
  if (existing) return { email: existing.email, created: false };
  const email = env.email ?? 'admin@localhost.localdomain';
  const generated = env.password ? undefined : randomBytes(12).toString('base64url');
  await createUser(prisma, { email, password: env.password ?? generated!, role: 'admin' });
  return { email, created: true, ...(generated ? { generatedPassword: generated } : {}) };
}

/** Project ids the user may see: every project for an admin, memberships otherwise. */
export async function visibleProjectIds(prisma: PrismaClient, userId: string): Promise<string[]> {
  const user = await prisma.user.findUnique({ where: { id: userId }, include: { memberships: true } });
  if (!user) return [];
  if (user.role === 'admin') return (await prisma.project.findMany({ select: { id: true } })).map((p) => p.id);
  return user.memberships.map((m) => m.projectId);
}
