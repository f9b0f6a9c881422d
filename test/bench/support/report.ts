/**
 * Writes one benchmark's section of docs/benchmarks.md, leaving the other
 * benchmarks' sections as they are. A section runs from its `## Title` line to
 * the next `## ` heading.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCHMARKS_DOC = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'docs', 'benchmarks.md');

const HEADER = `# Benchmarks

Every number here was measured by a script in \`test/bench/\` and written by it; each section says how to run it again.
All runs: 2-core, 24 GiB machine, Node 20, PostgreSQL as stated. Ratios compare against a baseline measured in the same run.
`;

export function writeBenchmarkSection(title: string, body: string): void {
  const current = existsSync(BENCHMARKS_DOC) ? readFileSync(BENCHMARKS_DOC, 'utf8') : HEADER;
  const heading = `## ${title}`;
  const section = `${heading}\n\n${body.trim()}\n`;
  const start = current.indexOf(`${heading}\n`);
  let next: string;
  if (start === -1) {
    next = `${current.trimEnd()}\n\n${section}`;
  } else {
    const after = current.indexOf('\n## ', start + heading.length);
    next = current.slice(0, start) + section + (after === -1 ? '' : current.slice(after));
  }
  writeFileSync(BENCHMARKS_DOC, next.endsWith('\n') ? next : `${next}\n`);
}
