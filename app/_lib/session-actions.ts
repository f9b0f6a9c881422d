'use server';
/**
 * Sign-in and sign-out. The cookie is HTTP-only (scripts cannot read it),
 * SameSite=Lax (cross-site posts do not carry it) and Secure when the request
 * came over HTTPS, so it also works on plain-http localhost.
 */
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { authenticateUser } from '../../collector/auth/users.ts';
import { SESSION_COOKIE, SESSION_TTL_SECONDS, createSessionToken, sessionSecret } from '../../collector/auth/sessions.ts';
import { db } from './db.ts';

const SignInSchema = z.object({
  email: z.string().trim().min(1, 'Enter your email').max(320),
  password: z.string().min(1, 'Enter your password').max(1_000),
  next: z.string().optional(),
});

export interface SignInState {
  fieldErrors?: { email?: string[]; password?: string[] };
  message?: string;
  email?: string;
}

/**
 * Failed sign-ins per email and client, in this process: after a handful the
 * form answers "try again later" for a while, so passwords cannot be guessed
 * at request speed. (One dashboard process per instance, so memory is enough.)
 */
const FAILURE_LIMIT = 8;
const FAILURE_WINDOW_MS = 5 * 60_000;
const failures = new Map<string, { count: number; resetAt: number }>();

function throttled(key: string, now = Date.now()): boolean {
  const entry = failures.get(key);
  return Boolean(entry && entry.resetAt > now && entry.count >= FAILURE_LIMIT);
}

function recordFailure(key: string, now = Date.now()): void {
  const entry = failures.get(key);
  if (!entry || entry.resetAt <= now) failures.set(key, { count: 1, resetAt: now + FAILURE_WINDOW_MS });
  else entry.count += 1;
  if (failures.size > 10_000) failures.clear();
}

/** Only same-site paths, so the login page cannot be used as an open redirect. */
function safeNext(next: string | undefined): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}

export async function signIn(_previous: SignInState, form: FormData): Promise<SignInState> {
  const parsed = SignInSchema.safeParse({
    email: form.get('email'),
    password: form.get('password'),
    next: form.get('next') ?? undefined,
  });
  const email = typeof form.get('email') === 'string' ? (form.get('email') as string) : '';
  if (!parsed.success) return { fieldErrors: z.flattenError(parsed.error).fieldErrors, email };
  const requestHeaders = await headers();
  const client = requestHeaders.get('x-forwarded-for')?.split(',')[0]?.trim() ?? 'direct';
  const throttleKey = `${parsed.data.email.toLowerCase()}|${client}`;
  if (throttled(throttleKey)) return { message: 'Too many failed attempts. Try again in a few minutes.', email };
  const { prisma } = db();
  const user = await authenticateUser(prisma, parsed.data.email, parsed.data.password);
  if (!user) {
    recordFailure(throttleKey);
    // One message for both cases, so the form does not reveal which emails exist.
    return { message: 'Email or password is wrong.', email };
  }
  failures.delete(throttleKey);
  const token = createSessionToken(user.id, await sessionSecret(prisma));
  const forwardedProto = requestHeaders.get('x-forwarded-proto');
  (await cookies()).set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: forwardedProto === 'https' || process.env.TOOLSCOPE_SECURE_COOKIES === '1',
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
  });
  redirect(safeNext(parsed.data.next));
}

export async function signOut(): Promise<void> {
  (await cookies()).delete(SESSION_COOKIE);
  redirect('/login');
}
