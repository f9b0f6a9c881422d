import { TableSkeleton } from '../../_components/ui.tsx';

/** Shown while the segment checks the session and project, before its widgets stream in. */
export default function Loading() {
  return (
    <div className="page">
      <TableSkeleton rows={8} />
    </div>
  );
}
