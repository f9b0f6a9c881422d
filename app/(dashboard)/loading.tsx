import { ChartSkeleton, StatsSkeleton } from '../_components/ui.tsx';

export default function Loading() {
  return (
    <div className="page">
      <StatsSkeleton />
      <ChartSkeleton />
    </div>
  );
}
