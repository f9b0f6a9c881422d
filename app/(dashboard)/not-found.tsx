import Link from 'next/link';
import { EmptyState } from '../_components/ui.tsx';

export default function NotFound() {
  return (
    <div className="page">
      <EmptyState title="Not found">
        This project, tool or run does not exist, or you may not see it. <Link href="/">Back to the overview</Link>.
      </EmptyState>
    </div>
  );
}
