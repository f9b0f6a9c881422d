/** Number and time formatting shared by tables, cards and chart tooltips. UTC throughout. */

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  return Math.abs(value) >= 100_000 ? compact.format(value) : integer.format(value);
}

/** A 0..1 ratio as a percentage; one decimal, two under 1% so small rates stay visible. */
export function formatPercent(ratio: number | null | undefined): string {
  if (ratio === null || ratio === undefined || Number.isNaN(ratio)) return '–';
  const percent = ratio * 100;
  const digits = percent !== 0 && Math.abs(percent) < 1 ? 2 : 1;
  return `${percent.toFixed(digits)}%`;
}

export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || Number.isNaN(ms)) return '–';
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 100) return `${ms.toFixed(1)} ms`;
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  return `${(ms / 60_000).toFixed(1)} min`;
}

/** `2026-11-21 09:30:12` in UTC: sortable, unambiguous, and the same on every screen. */
export function formatDateTime(iso: string | Date | null | undefined): string {
  if (!iso) return '–';
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

export function formatRelative(iso: string | Date, now: Date = new Date()): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  if (seconds < 60) return `${Math.max(seconds, 0)}s ago`;
  if (seconds < 3_600) return `${Math.floor(seconds / 60)}m ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3_600)}h ago`;
  return `${Math.floor(seconds / 86_400)}d ago`;
}

export function formatDuration(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400}d`;
  if (seconds % 3_600 === 0) return `${seconds / 3_600}h`;
  if (seconds % 60 === 0) return `${seconds / 60}m`;
  return `${seconds}s`;
}

/** Short trace ids keep tables narrow; the full id is in the link and title. */
export function shortId(id: string, length = 8): string {
  return id.length > length ? id.slice(0, length) : id;
}
