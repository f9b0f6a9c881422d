'use client';
/**
 * Sidebar links that carry the current view (project, range, agent, model)
 * from page to page, and mark the section you are in.
 */
import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';

const SECTIONS = [
  { href: '/', label: 'Overview' },
  { href: '/tools', label: 'Tools' },
  { href: '/errors', label: 'Errors' },
  { href: '/incidents', label: 'Incidents' },
  { href: '/runs', label: 'Runs' },
  { href: '/alerts', label: 'Alerts' },
  { href: '/settings', label: 'Settings' },
] as const;

/** The parts of the URL that describe the view rather than the page. */
const CARRIED = ['project', 'range', 'from', 'to', 'agent', 'model'];

export function NavLinks() {
  const pathname = usePathname();
  const params = useSearchParams();
  const carried = new URLSearchParams();
  for (const key of CARRIED) {
    const value = params.get(key);
    if (value) carried.set(key, value);
  }
  const query = carried.toString();
  return (
    <nav className="nav">
      {SECTIONS.map((section) => {
        const active = section.href === '/' ? pathname === '/' : pathname.startsWith(section.href);
        return (
          <Link
            key={section.href}
            href={`${section.href}${query ? `?${query}` : ''}`}
            className={active ? 'nav-link active' : 'nav-link'}
            aria-current={active ? 'page' : undefined}
          >
            {section.label}
          </Link>
        );
      })}
    </nav>
  );
}
