/**
 * Builds the Next app when the build is missing or older than its sources,
 * and runs `next start` on a port with a given database, the way
 * `toolscope start` runs it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NEXT_BIN = join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');
/** What the dashboard build depends on. */
const SOURCES = ['app', 'collector', 'sdk', 'next.config.ts', 'proxy.ts', 'tsconfig.app.json', 'tsconfig.json', 'package.json'];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function buildIsFresh(): boolean {
  const buildId = join(ROOT, '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return false;
  const builtAt = statSync(buildId).mtimeMs;
  return SOURCES.every((source) => !existsSync(join(ROOT, source)) || newestMtime(join(ROOT, source)) <= builtAt);
}

export function buildDashboard(): void {
  if (buildIsFresh()) return;
  const result = spawnSync(process.execPath, [NEXT_BIN, 'build'], {
    cwd: ROOT,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    encoding: 'utf8',
    timeout: 240_000,
  });
  if (result.status !== 0) throw new Error(`next build failed:\n${result.stdout}\n${result.stderr}`);
}

export interface RunningDashboard {
  url: string;
  process: ChildProcess;
  /** Everything the server printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export async function startDashboard(options: { databaseUrl: string; port: number; env?: Record<string, string> }): Promise<RunningDashboard> {
  const child = spawn(process.execPath, [NEXT_BIN, 'start', '-p', String(options.port), '-H', '127.0.0.1'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: options.databaseUrl, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/login`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`next start did not answer within 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    process: child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Fails loudly (CI installs it) instead of skipping the browser tests. */
export function requireChromium(): string {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}: the dashboard's browser tests need it. ` +
        'Install it with `apt-get update && apt-get install -y chromium` (or set CHROMIUM_PATH).',
    );
  }
  return CHROMIUM_PATH;
}
