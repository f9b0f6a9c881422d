'use client';
/** How long calls took: counts per latency bucket, with p50 / p95 named in the legend. */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { SERIES_COLORS } from '../../_lib/colors.ts';
import { formatCountTick } from './time-axis.ts';

export interface LatencyBar {
  lowerBoundMs: number;
  upperBoundMs: number | null;
  count: number;
}

function bucketLabel(bar: LatencyBar): string {
  const ms = (v: number) => (v >= 1000 ? `${v / 1000}s` : `${v}ms`);
  return bar.upperBoundMs === null ? `>${ms(bar.lowerBoundMs)}` : `≤${ms(bar.upperBoundMs)}`;
}

export function LatencyHistogramChart({ buckets, height = 220 }: { buckets: LatencyBar[]; height?: number }) {
  if (!buckets.some((b) => b.count > 0)) return <div className="chart-empty" style={{ height }}>No calls in this range.</div>;
  // Trim empty buckets at both ends so the shape fills the chart.
  const firstUsed = buckets.findIndex((b) => b.count > 0);
  const lastUsed = buckets.length - 1 - [...buckets].reverse().findIndex((b) => b.count > 0);
  const data = buckets.slice(firstUsed, lastUsed + 1).map((b) => ({ label: bucketLabel(b), count: b.count }));
  return (
    <div className="chart" style={{ height }} data-testid="latency-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 4, right: 8, bottom: 16, left: 0 }}>
          <CartesianGrid stroke="#eef0f4" vertical={false} />
          <XAxis
            dataKey="label"
            tick={{ fontSize: 11 }}
            label={{ value: 'latency (upper bound)', position: 'insideBottom', offset: -8, style: { fontSize: 11, fill: '#64748b' } }}
          />
          <YAxis
            allowDecimals={false}
            tick={{ fontSize: 11 }}
            tickFormatter={formatCountTick}
            width={56}
            label={{ value: 'calls', angle: -90, position: 'insideLeft', offset: 10, style: { fontSize: 11, fill: '#64748b', textAnchor: 'middle' } }}
          />
          <Tooltip formatter={(value) => [Number(value).toLocaleString('en-US'), 'Calls']} cursor={{ fill: '#f1f5f9' }} />
          <Bar dataKey="count" name="Calls" fill={SERIES_COLORS.p50} isAnimationActive={false} radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
