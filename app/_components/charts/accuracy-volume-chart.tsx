'use client';
/**
 * Accuracy rate over time on the right axis (line, %), call volume on the left
 * (stacked bars: successes and failures per bucket), so a dip in accuracy is
 * read together with how many calls it is about.
 */
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { SERIES_COLORS } from '../../_lib/colors.ts';
import { formatBucketLabel, formatBucketTick, formatCountTick } from './time-axis.ts';

export interface AccuracyPoint {
  bucket: string;
  calls: number;
  failures: number;
  accuracyRate: number | null;
}

export function AccuracyVolumeChart({ points, bucketSeconds, height = 260 }: { points: AccuracyPoint[]; bucketSeconds: number; height?: number }) {
  const data = points.map((p) => ({
    bucket: p.bucket,
    successes: p.calls - p.failures,
    failures: p.failures,
    accuracy: p.accuracyRate === null ? null : Math.round(p.accuracyRate * 10_000) / 100,
  }));
  if (!points.some((p) => p.calls > 0)) {
    return <div className="chart-empty" style={{ height }}>No tool calls in this range.</div>;
  }
  const minAccuracy = Math.min(...data.map((d) => d.accuracy ?? 100));
  const perBucket = `calls / ${bucketSeconds >= 3600 ? `${bucketSeconds / 3600} h` : `${bucketSeconds / 60} min`}`;
  return (
    <div className="chart" style={{ height }} data-testid="accuracy-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#eef0f4" vertical={false} />
          <XAxis dataKey="bucket" tickFormatter={(v: string) => formatBucketTick(v, bucketSeconds)} tick={{ fontSize: 11 }} minTickGap={24} />
          <YAxis
            yAxisId="calls"
            tick={{ fontSize: 11 }}
            tickFormatter={formatCountTick}
            width={56}
            allowDecimals={false}
            label={{ value: perBucket, angle: -90, position: 'insideLeft', offset: 10, style: { fontSize: 11, fill: '#64748b', textAnchor: 'middle' } }}
          />
          <YAxis
            yAxisId="accuracy"
            orientation="right"
            domain={[Math.max(0, Math.floor((minAccuracy - 5) / 5) * 5), 100]}
            tickFormatter={(v: number) => `${v}%`}
            tick={{ fontSize: 11 }}
            width={44}
          />
          <Tooltip
            labelFormatter={(label) => formatBucketLabel(String(label), bucketSeconds)}
            formatter={(value, name) => (name === 'Accuracy' ? [`${value}%`, name] : [Number(value).toLocaleString('en-US'), name])}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar yAxisId="calls" dataKey="successes" name="Successful calls" stackId="calls" fill={SERIES_COLORS.successes} isAnimationActive={false} />
          <Bar yAxisId="calls" dataKey="failures" name="Failed calls" stackId="calls" fill={SERIES_COLORS.failures} isAnimationActive={false} />
          <Line
            yAxisId="accuracy"
            type="monotone"
            dataKey="accuracy"
            name="Accuracy"
            stroke={SERIES_COLORS.accuracy}
            strokeWidth={2}
            dot={false}
            connectNulls
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
