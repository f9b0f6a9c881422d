import Link from 'next/link';
import { EmptyState } from './ui.tsx';

/** For a signed-in user who may see no project yet. */
export function NoProject({ isAdmin }: { isAdmin: boolean }) {
  return (
    <EmptyState title="No project to show">
      {isAdmin ? (
        <>
          Create one in <Link href="/settings">Settings</Link>.
        </>
      ) : (
        'Ask an admin to add you to a project.'
      )}
    </EmptyState>
  );
}
