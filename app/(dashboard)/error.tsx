'use client';
/** The dashboard segment's error boundary: say what failed and offer a retry without a reload. */
export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="page">
      <div className="widget-error" role="alert">
        <strong>This page could not be loaded.</strong>
        <span className="muted small">
          {error.message || 'An unexpected error occurred.'}
          {error.digest ? ` (reference ${error.digest}; the server log has the details)` : ''}
        </span>
        <div>
          <button className="button small" onClick={reset}>
            Try again
          </button>
        </div>
      </div>
    </div>
  );
}
