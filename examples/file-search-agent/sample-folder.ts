/**
 * The folder the agent searches: a small, believable set of project notes,
 * written to a fresh temporary directory so the demo never touches user files.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface SampleProject {
  /** What the user asks about, e.g. "Project Alpha". */
  readonly name: string;
  /** The keyword that finds its summary. */
  readonly keyword: string;
  /** Path of its summary, relative to the folder root. */
  readonly summaryPath: string;
  /** The sentence the agent should find. */
  readonly keyRisk: string;
}

export const SAMPLE_PROJECTS: readonly SampleProject[] = [
  { name: 'Project Alpha', keyword: 'Project Alpha', summaryPath: 'projects/project_alpha_summary.md', keyRisk: 'Dependency on external API v2.' },
  { name: 'Project Beta', keyword: 'Project Beta', summaryPath: 'projects/project_beta_summary.md', keyRisk: 'Only one engineer knows the billing code.' },
  { name: 'Project Gamma', keyword: 'Project Gamma', summaryPath: 'projects/archive/project_gamma_summary.md', keyRisk: 'The vendor contract ends in March.' },
];

function summary(project: SampleProject): string {
  const lines = [`# ${project.name} Summary`, '', `Status: on track.`, `- Key Risk: ${project.keyRisk}`, '', '## Timeline'];
  for (let week = 1; week <= 40; week++) lines.push(`- Week ${week}: progress notes for ${project.name}.`);
  return `${lines.join('\n')}\n`;
}

export async function createSampleFolder(): Promise<{ root: string; remove(): Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'toolscope-demo-'));
  const files: Record<string, string> = {
    'README.md': '# Team notes\n\nProject summaries live in projects/. Meeting notes live in notes/.\n',
    'notes/meeting-2026-11-14.md': '# Weekly sync\n\n- Project Alpha: waiting on API v2 access.\n- Project Beta: hiring.\n',
    'notes/todo.txt': 'renew certificates\nreview Project Gamma vendor contract\n',
    'notes/output/.keep': '',
  };
  for (const project of SAMPLE_PROJECTS) files[project.summaryPath] = summary(project);
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(root, relative);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content, 'utf8');
  }
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}
