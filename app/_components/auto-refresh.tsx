'use client';
/**
 * Re-renders the server components of the current page on an interval without
 * a reload (router.refresh keeps client state and scroll). Paused while the
 * tab is hidden, so idle tabs do not load the database.
 */
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';

const INTERVALS = [
  { seconds: 0, label: 'Off' },
  { seconds: 10, label: '10 s' },
  { seconds: 30, label: '30 s' },
  { seconds: 60, label: '1 min' },
  { seconds: 300, label: '5 min' },
];

export function AutoRefresh({ defaultSeconds = 30 }: { defaultSeconds?: number }) {
  const router = useRouter();
  const [seconds, setSeconds] = useState(defaultSeconds);
  const [lastRefresh, setLastRefresh] = useState<Date | null>(null);

  useEffect(() => {
    if (seconds === 0) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      router.refresh();
      setLastRefresh(new Date());
    }, seconds * 1000);
    return () => window.clearInterval(timer);
  }, [seconds, router]);

  return (
    <label className="auto-refresh" title={lastRefresh ? `Last refreshed ${lastRefresh.toISOString().slice(11, 19)} UTC` : undefined}>
      <span className={seconds ? 'live-dot on' : 'live-dot'} aria-hidden />
      <span className="muted small">Refresh</span>
      <select value={seconds} onChange={(event) => setSeconds(Number(event.target.value))} aria-label="Auto-refresh interval">
        {INTERVALS.map((interval) => (
          <option key={interval.seconds} value={interval.seconds}>
            {interval.label}
          </option>
        ))}
      </select>
    </label>
  );
}
