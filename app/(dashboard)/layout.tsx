import Link from 'next/link';
import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { AutoRefresh } from '../_components/auto-refresh.tsx';
import { NavLinks } from '../_components/nav-links.tsx';
import { requireUser } from '../_lib/auth.ts';
import { signOut } from '../_lib/session-actions.ts';

/** Every page of the dashboard sits behind sign-in; pages check the project themselves. */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  return (
    <div className="shell">
      <aside className="sidebar">
        <div className="sidebar-inner">
          <Link href="/" className="brand">
            <span className="brand-mark" aria-hidden>
              ◎
            </span>{' '}
            Toolscope
          </Link>
          <Suspense fallback={<nav className="nav" />}>
            <NavLinks />
          </Suspense>
          <div className="sidebar-footer">
            <AutoRefresh />
            <div className="user" title={user.email}>
              <span className="user-email">{user.email}</span>
              <span className="muted small">{user.role}</span>
            </div>
            <form action={signOut}>
              <button className="button ghost small" type="submit" data-testid="sign-out">
                Sign out
              </button>
            </form>
          </div>
        </div>
      </aside>
      <main className="content">{children}</main>
    </div>
  );
}
