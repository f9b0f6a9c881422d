'use client';
/** Switches the project the settings below apply to, through the URL like every other view. */
import { usePathname, useRouter, useSearchParams } from 'next/navigation';

export function FilterControlsProjectOnly({ projects, project }: { projects: string[]; project: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  return (
    <label className="field">
      <span>Settings of project</span>
      <select
        name="project"
        value={project}
        onChange={(event) => {
          const next = new URLSearchParams(params.toString());
          next.set('project', event.target.value);
          router.push(`${pathname}?${next.toString()}`);
        }}
      >
        {projects.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}
