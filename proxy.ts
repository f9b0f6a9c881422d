/**
 * Sends a browser without a session cookie to the sign-in page, remembering
 * where it was going. Only a convenience for deep links: the real check (the
 * signature, the user, the project) runs in the dashboard layout, the pages
 * and every server action, because a proxy only sees that a cookie exists.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { SESSION_COOKIE } from './collector/auth/sessions.ts';

export function proxy(request: NextRequest) {
  if (request.method !== 'GET' || request.cookies.has(SESSION_COOKIE)) return NextResponse.next();
  const login = new URL('/login', request.url);
  const target = `${request.nextUrl.pathname}${request.nextUrl.search}`;
  if (target !== '/') login.searchParams.set('next', target);
  return NextResponse.redirect(login);
}

export const config = {
  // Everything except the sign-in page, Next's own assets and the icon.
  matcher: ['/((?!login|_next/static|_next/image|icon.svg|favicon.ico).*)'],
};
