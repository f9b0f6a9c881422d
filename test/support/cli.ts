/** Runs the real `toolscope` command as a child process. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const TOOLSCOPE_BIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'toolscope.mjs');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TOOLSCOPE_BIN, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface LongRunning {
  child: ChildProcessWithoutNullStreams;
  output(): string;
  /** Resolves when stdout+stderr contains `text`; rejects on exit or after `timeoutMs`. */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  /** Sends `signal` and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function spawnCli(args: string[], env: Record<string, string>): LongRunning {
  const child = spawn(process.execPath, [TOOLSCOPE_BIN, ...args], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve((exitCode = code))));
  child.stdout.on('data', (c: Buffer) => (output += c));
  child.stderr.on('data', (c: Buffer) => (output += c));
  return {
    child,
    output: () => output,
    async waitFor(text, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (!output.includes(text)) {
        if (exitCode !== undefined) throw new Error(`toolscope exited (${exitCode}) before printing ${JSON.stringify(text)}:\n${output}`);
        if (Date.now() > deadline) throw new Error(`toolscope did not print ${JSON.stringify(text)} within ${timeoutMs} ms:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop(signal = 'SIGINT') {
      if (exitCode === undefined) child.kill(signal);
      return exited;
    },
  };
}
