/** Small presentational pieces every page shares. Server components: no state, no effects. */
import type { ReactNode } from 'react';

export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {subtitle ? <p className="muted">{subtitle}</p> : null}
      </div>
      {actions ? <div className="page-actions">{actions}</div> : null}
    </header>
  );
}

export function Card({
  title,
  subtitle,
  action,
  children,
  className,
  testId,
}: {
  title?: ReactNode;
  subtitle?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section className={`card ${className ?? ''}`} data-testid={testId}>
      {title ? (
        <div className="card-header">
          <div>
            <h2>{title}</h2>
            {subtitle ? <p className="muted small">{subtitle}</p> : null}
          </div>
          {action}
        </div>
      ) : null}
      {children}
    </section>
  );
}

export type Tone = 'neutral' | 'good' | 'warn' | 'bad' | 'info';

export function Stat({ label, value, hint, tone = 'neutral', testId }: { label: string; value: ReactNode; hint?: ReactNode; tone?: Tone; testId?: string }) {
  return (
    <div className={`stat tone-${tone}`} data-testid={testId}>
      <div className="stat-label">{label}</div>
      <div className="stat-value" data-testid={testId ? `${testId}-value` : undefined}>
        {value}
      </div>
      {hint ? <div className="stat-hint">{hint}</div> : null}
    </div>
  );
}

export function Badge({ tone = 'neutral', children, title }: { tone?: Tone; children: ReactNode; title?: string }) {
  return (
    <span className={`badge tone-${tone}`} title={title}>
      {children}
    </span>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty" data-testid="empty-state">
      <strong>{title}</strong>
      {children ? <div className="muted">{children}</div> : null}
    </div>
  );
}

/** Shown in place of one widget whose read failed; the rest of the page still renders. */
export function WidgetError({ message }: { message: string }) {
  return (
    <div className="widget-error" role="alert" data-testid="widget-error">
      <strong>Could not load this panel.</strong>
      <span className="muted small">{message}</span>
    </div>
  );
}

/** A thin horizontal bar for tables: share of the largest value. */
export function InlineBar({ value, max, tone = 'bad' }: { value: number; max: number; tone?: Tone }) {
  const width = max > 0 ? Math.max(2, Math.round((value / max) * 100)) : 0;
  return (
    <span className="inline-bar" aria-hidden>
      <span className={`inline-bar-fill tone-${tone}`} style={{ width: `${width}%` }} />
    </span>
  );
}

export function Skeleton({ height = 16, width = '100%' }: { height?: number; width?: number | string }) {
  return <span className="skeleton" style={{ height, width }} />;
}

export function ChartSkeleton({ height = 240 }: { height?: number }) {
  return (
    <div className="card" aria-busy="true">
      <Skeleton width={180} height={14} />
      <div style={{ height: 12 }} />
      <Skeleton height={height} />
    </div>
  );
}

export function TableSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="card" aria-busy="true">
      <Skeleton width={160} height={14} />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} style={{ marginTop: 12 }}>
          <Skeleton height={14} />
        </div>
      ))}
    </div>
  );
}

export function StatsSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className="stat-grid" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="stat">
          <Skeleton width={80} height={12} />
          <div style={{ height: 8 }} />
          <Skeleton width={100} height={24} />
        </div>
      ))}
    </div>
  );
}
