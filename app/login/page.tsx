import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { currentUser } from '../_lib/auth.ts';
import { LoginForm } from './login-form.tsx';

export const metadata: Metadata = { title: 'Sign in · Toolscope' };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  if (await currentUser()) redirect('/');
  const { next } = await searchParams;
  return (
    <main className="login">
      <div className="login-card">
        <div className="brand brand-large">
          <span className="brand-mark" aria-hidden>◎</span> Toolscope
        </div>
        <p className="muted">Sign in to see what your agents' tools are doing.</p>
        <LoginForm next={typeof next === 'string' ? next : undefined} />
        <p className="hint">
          The first admin is printed by <code>toolscope start</code>, or set with <code>TOOLSCOPE_ADMIN_EMAIL</code> and{' '}
          <code>TOOLSCOPE_ADMIN_PASSWORD</code>.
        </p>
      </div>
    </main>
  );
}
