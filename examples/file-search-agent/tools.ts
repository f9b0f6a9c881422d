/**
 * The four tools of the file-search agent (seed 002), confined to one folder.
 * Failures are left to the SDK to classify where Node already says what went
 * wrong (ENOENT, EISDIR); the tools throw ToolError where only they know
 * (an offset past the end of the file).
 */
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { defineTool, resolveInside, ToolError } from '../../sdk/index.ts';

export interface Faults {
  /** Whether this attempt of a search should hang (a slow disk, a busy index) until the timeout. */
  searchStalls(callId: string, attempt: number): boolean;
}

/**
 * Per-attempt limit of search_content; a stalled attempt fails with execution/timeout and is retried.
 * Far above a real search of the sample folder (~1 ms): 250 ms still timed out unplanned on a CI machine
 * starved by parallel test files, so only planned stalls should reach this.
 */
export const SEARCH_TIMEOUT_MS = 1_000;

export function createFileTools(root: string, faults: Faults) {
  const relative = (absolute: string): string => path.relative(root, absolute).split(path.sep).join('/') || '.';

  const listFiles = defineTool({
    name: 'list_files',
    description: 'List the files and folders in a folder of the workspace. Folders end with "/".',
    schema: z.object({ path: z.string().default('.').describe('Folder, relative to the workspace root') }),
    run: async ({ path: requested }) => {
      const folder = resolveInside(root, requested);
      const entries = await readdir(folder, { withFileTypes: true });
      return entries.map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name)).sort();
    },
  });

  const readFileTool = defineTool({
    name: 'read_file',
    description: 'Read lines of a text file. Use offset/limit (in lines) for long files.',
    schema: z.object({
      path: z.string().min(1),
      offset: z.number().int().min(0).default(0).describe('First line to return, 0-based'),
      limit: z.number().int().min(1).max(200).default(50),
    }),
    run: async ({ path: requested, offset, limit }) => {
      const file = resolveInside(root, requested);
      const lines = (await readFile(file, 'utf8')).split('\n');
      if (offset >= lines.length) {
        throw new ToolError('execution/unsupported_input', `offset ${offset} is past the end of ${requested} (${lines.length} lines).`, {
          suggestions: [`Use an offset below ${lines.length}.`, 'Start at offset 0.'],
          context: { totalLines: lines.length },
        });
      }
      return { path: relative(file), totalLines: lines.length, offset, lines: lines.slice(offset, offset + limit) };
    },
  });

  const searchContent = defineTool({
    name: 'search_content',
    description: 'Find files whose text contains a keyword (case-insensitive). Faster than listing and reading files one by one.',
    schema: z.object({ keyword: z.string().min(2), path: z.string().default('.') }),
    timeoutMs: SEARCH_TIMEOUT_MS,
    retry: { attempts: 3, initialDelayMs: 5, maxDelayMs: 20 },
    run: async ({ keyword, path: requested }, { signal, callId, attempt }) => {
      if (faults.searchStalls(callId, attempt)) {
        // Hang until the SDK's timeout aborts us, as a stuck index would.
        await new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
      }
      const start = resolveInside(root, requested);
      const needle = keyword.toLowerCase();
      const matches: string[] = [];
      const walk = async (folder: string): Promise<void> => {
        for (const entry of await readdir(folder, { withFileTypes: true })) {
          const full = path.join(folder, entry.name);
          if (entry.isDirectory()) await walk(full);
          else if ((await readFile(full, 'utf8')).toLowerCase().includes(needle)) matches.push(relative(full));
        }
      };
      await walk(start);
      return { keyword, filesFound: matches.sort() };
    },
  });

  const writeFileTool = defineTool({
    name: 'write_file',
    description: 'Write a text file in the workspace, creating folders as needed. Overwrites.',
    schema: z.object({ path: z.string().min(1), content: z.string() }),
    run: async ({ path: requested, content }) => {
      const file = resolveInside(root, requested);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content, 'utf8');
      return { path: relative(file), bytes: Buffer.byteLength(content), size: (await stat(file)).size };
    },
  });

  return { list_files: listFiles, read_file: readFileTool, search_content: searchContent, write_file: writeFileTool };
}

export type FileTools = ReturnType<typeof createFileTools>;
