'use client';
/** Failures per error category as horizontal bars, coloured like the category everywhere else. */
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { categoryColor } from '../../_lib/colors.ts';
import { formatCountTick } from './time-axis.ts';

export function CategoryChart({ data, height = 220 }: { data: { category: string; failures: number }[]; height?: number }) {
  const rows = data.filter((d) => d.failures > 0).sort((a, b) => b.failures - a.failures);
  if (rows.length === 0) return <div className="chart-empty" style={{ height }}>No failures in this range.</div>;
  return (
    <div className="chart" style={{ height }} data-testid="category-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 16, bottom: 16, left: 8 }}>
          <CartesianGrid stroke="#eef0f4" horizontal={false} />
          <XAxis
            type="number"
            allowDecimals={false}
            tick={{ fontSize: 11 }}
            tickFormatter={formatCountTick}
            label={{ value: 'failed calls', position: 'insideBottom', offset: -8, style: { fontSize: 11, fill: '#64748b' } }}
          />
          <YAxis type="category" dataKey="category" tick={{ fontSize: 12 }} width={100} />
          <Tooltip formatter={(value) => [Number(value).toLocaleString('en-US'), 'Failed calls']} cursor={{ fill: '#f1f5f9' }} />
          <Bar dataKey="failures" name="Failed calls" isAnimationActive={false} radius={[0, 3, 3, 0]}>
            {rows.map((row) => (
              <Cell key={row.category} fill={categoryColor(row.category)} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
