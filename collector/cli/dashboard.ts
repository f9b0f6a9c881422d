/**
 * Runs the Next.js dashboard as a child process: `next build` when the
 * sources changed since the last build (first start only, for most users),
 * then `next start`. A separate process keeps the dashboard's memory and
 * crashes apart from the collector's ingest path.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const STAMP_FILE = join(PACKAGE_ROOT, '.next', 'toolscope-build-stamp');
/** What the dashboard build depends on. */
const BUILD_INPUTS = ['app', 'collector', 'sdk', 'next.config.ts', 'proxy.ts', 'package.json', 'tsconfig.json', 'tsconfig.app.json'];

function nextBin(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('next/package.json')), 'dist', 'bin', 'next');
}

/** A fingerprint of the build inputs: paths, sizes and modification times. */
function sourceStamp(): string {
  const hash = createHash('sha256');
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path).sort()) {
        if (entry === 'node_modules' || entry === 'generated' || entry.startsWith('.')) continue;
        visit(join(path, entry));
      }
    } else if (!path.endsWith('.test.ts')) {
      hash.update(`${path}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  for (const input of BUILD_INPUTS) visit(join(PACKAGE_ROOT, input));
  return hash.digest('hex');
}

export function dashboardBuildIsCurrent(): boolean {
  return existsSync(join(PACKAGE_ROOT, '.next', 'BUILD_ID')) && existsSync(STAMP_FILE) && readFileSync(STAMP_FILE, 'utf8') === sourceStamp();
}

/** Builds the dashboard unless the last build is current. Reports progress every few seconds. */
export async function ensureDashboardBuilt(progress: (message: string) => void): Promise<void> {
  if (dashboardBuildIsCurrent()) return;
  const stamp = sourceStamp();
  progress('building the dashboard (first start or changed sources; about a minute)…');
  const started = Date.now();
  const output: string[] = [];
  const timer = setInterval(() => progress(`  still building… ${Math.round((Date.now() - started) / 1000)} s`), 10_000);
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [nextBin(), 'build'], {
        cwd: PACKAGE_ROOT,
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const keep = (chunk: Buffer) => {
        output.push(chunk.toString());
        if (output.length > 200) output.shift();
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`next build failed (exit ${code}):\n${output.join('').slice(-4000)}`)),
      );
    });
  } finally {
    clearInterval(timer);
  }
  writeFileSync(STAMP_FILE, stamp);
  progress(`dashboard built in ${Math.round((Date.now() - started) / 1000)} s`);
}

export interface RunningDashboard {
  url: string;
  stop(): Promise<void>;
}

export async function startDashboard(options: {
  host: string;
  port: number;
  env: Record<string, string>;
  onExit?: (code: number | null) => void;
}): Promise<RunningDashboard> {
  const child: ChildProcess = spawn(process.execPath, [nextBin(), 'start', '-p', String(options.port), '-H', options.host], {
    cwd: PACKAGE_ROOT,
    env: { ...process.env, ...options.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: Ctrl-C reaches us, and we stop it in order.
    detached: true,
  });
  const recent: string[] = [];
  const keep = (chunk: Buffer) => {
    recent.push(chunk.toString());
    if (recent.length > 50) recent.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(`[dashboard] ${chunk}`);
  });
  let exited = false;
  child.on('exit', (code) => {
    exited = true;
    options.onExit?.(code);
  });

  const localHost = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  const url = `http://${localHost}:${options.port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`the dashboard exited during start-up:\n${recent.join('').slice(-2000)}`);
    try {
      await fetch(`${url}/login`, { redirect: 'manual', signal: AbortSignal.timeout(2_000) });
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGTERM');
        throw new Error(`the dashboard did not answer on ${url} within 60 s (is port ${options.port} taken? set TOOLSCOPE_DASHBOARD_PORT)`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  return {
    url,
    async stop() {
      if (exited || child.pid === undefined) return;
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      process.kill(-child.pid, 'SIGTERM');
      const timeout = setTimeout(() => child.pid && !exited && process.kill(-child.pid, 'SIGKILL'), 5_000);
      await done;
      clearTimeout(timeout);
    },
  };
}
