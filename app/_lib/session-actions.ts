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
  const { prisma } = db();
  const user = await authenticateUser(prisma, parsed.data.email, parsed.data.password);
  // One message for both cases, so the form does not reveal which emails exist.
  if (!user) return { message: 'Email or password is wrong.', email };
  const token = createSessionToken(user.id, await sessionSecret(prisma));
  const forwardedProto = (await headers()).get('x-forwarded-proto');
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
