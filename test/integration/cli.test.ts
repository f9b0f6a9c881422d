/**
 * The `toolscope` command as a user runs it: first start on an embedded
 * Postgres, keys, clean Ctrl-C, restart with the data kept, migrate twice,
 * and one clear line for bad flags.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.ts';
import { runCli, spawnCli } from '../support/cli.ts';
import { exportPipeline } from '../support/otel.ts';

let home: string;
let env: Record<string, string>;
let collectorUrl: string;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'toolscope-cli-'));
  // mkdtemp makes it private; the embedded server runs as the postgres user when we are root.
  chmodSync(home, 0o755);
  const collectorPort = await freePort();
  collectorUrl = `http://127.0.0.1:${collectorPort}`;
  // No DATABASE_URL: the embedded default, as on a fresh machine.
  env = {
    DATABASE_URL: '',
    TOOLSCOPE_HOME: home,
    TOOLSCOPE_COLLECTOR_PORT: String(collectorPort),
    TOOLSCOPE_PG_PORT: String(await freePort()),
    TOOLSCOPE_HOST: '127.0.0.1',
  };
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

function postgresRunningIn(dir: string): boolean {
  const out = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
  return out.split('\n').some((line) => line.includes('postgres') && line.includes(dir));
}

describe('toolscope CLI', () => {
  it('starts on an embedded Postgres, prints an ingest key once, stops cleanly and keeps the data', async () => {
    const first = spawnCli(['start', '--no-dashboard'], env);
    await first.waitFor('Press Ctrl-C to stop.', 90_000);
    const output = first.output();
    expect(output).toContain('Created project "default"');
    const ingestKey = /TOOLSCOPE_API_KEY=(\S+)/.exec(output)?.[1];
    expect(ingestKey).toMatch(/^ts_ingest_/);
    expect(output).toMatch(/Dashboard admin: \S+ \/ \S+/);

    const pipeline = exportPipeline({ url: collectorUrl, apiKey: ingestKey!, format: 'protobuf' });
    for (let i = 0; i < 7; i++) {
      pipeline.tracer.startSpan('execute_tool echo', { attributes: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'echo' } }).end();
    }
    await pipeline.shutdown();

    // While it runs, other commands use the same embedded server.
    const created = await runCli(['keys', 'create', '--project', 'default', '--scope', 'read'], env);
    expect(created.code).toBe(0);
    const readKey = created.stdout.trim().split('\n').at(-1)!;
    expect(readKey).toMatch(/^ts_read_/);

    expect(await first.stop('SIGINT')).toBe(0);
    expect(first.output()).toContain('stopped');
    expect(postgresRunningIn(home)).toBe(false);

    const second = spawnCli(['start', '--no-dashboard'], env);
    await second.waitFor('Press Ctrl-C to stop.', 90_000);
    expect(second.output()).not.toContain('Created project');
    const page = await fetch(`${collectorUrl}/api/v1/tool-calls?tool=echo&from=2000-01-01T00:00:00Z`, { headers: { authorization: `Bearer ${readKey}` } });
    expect(((await page.json()) as { items: unknown[] }).items).toHaveLength(7);
    expect(await second.stop('SIGTERM')).toBe(0);
    expect(postgresRunningIn(home)).toBe(false);
  }, 240_000);

  it('migrate applies nothing the second time', async () => {
    const first = await runCli(['migrate'], env);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('database schema is up to date');
  }, 120_000);

  it('revokes keys, after which the collector refuses them', async () => {
    const created = await runCli(['keys', 'create', '--project', 'default', '--scope', 'ingest', '--name', 'to-revoke'], env);
    const key = created.stdout.trim().split('\n').at(-1)!;
    const list = await runCli(['keys', 'list', '--project', 'default'], env);
    const id = list.stdout.split('\n').find((line) => line.includes('to-revoke'))!.split('\t')[0]!;
    const revoked = await runCli(['keys', 'revoke', id], env);
    expect(revoked.code).toBe(0);
    expect((await runCli(['keys', 'list'], env)).stdout).toMatch(new RegExp(`${id}.*revoked`));
    const running = spawnCli(['start', '--no-dashboard'], env);
    await running.waitFor('Press Ctrl-C to stop.', 90_000);
    const response = await fetch(`${collectorUrl}/v1/traces`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` } });
    expect(response.status).toBe(401);
    await running.stop();
  }, 240_000);

  it('manages contracts, webhooks and alert rules', async () => {
    const contract = await runCli(['contracts', 'set', '--project', 'default', '--agent', 'file-agent', '--json', '{"requiredTools":["search_content"],"nextRequired":{"write_file":"read_file"}}'], env);
    expect(contract.code, contract.stderr).toBe(0);
    expect((await runCli(['contracts', 'list', '--project', 'default'], env)).stdout).toMatch(/file-agent\tenabled\t.*search_content/);
    const empty = await runCli(['contracts', 'set', '--project', 'default', '--agent', 'x', '--json', '{}'], env);
    expect(empty.code).not.toBe(0);
    expect(empty.stderr).toMatch(/at least one rule/);

    const webhook = await runCli(['webhooks', 'create', '--project', 'default', '--name', 'ops', '--url', 'http://127.0.0.1:9/hook', '--format', 'slack'], env);
    expect(webhook.code, webhook.stderr).toBe(0);
    const webhookId = /\(([0-9a-f-]{36})\)/.exec(webhook.stdout)![1]!;
    const rule = await runCli(['alerts', 'create', '--project', 'default', '--name', 'read_file failing', '--metric', 'failure_rate', '--tool', 'read_file', '--spike', '3', '--baseline', '3600', '--webhook', webhookId], env);
    expect(rule.code, rule.stderr).toBe(0);
    const ruleId = /\(([0-9a-f-]{36})\)/.exec(rule.stdout)![1]!;
    expect((await runCli(['alerts', 'list', '--project', 'default'], env)).stdout).toMatch(/read_file failing\tok\tfailure_rate ≥ 3× baseline \(3600s\) over 300s, tool read_file/);
    expect((await runCli(['alerts', 'disable', '--project', 'default', ruleId], env)).code).toBe(0);
    expect((await runCli(['alerts', 'list', '--project', 'default'], env)).stdout).toMatch(/read_file failing\tdisabled/);
    const rateOver1 = await runCli(['alerts', 'create', '--project', 'default', '--name', 'bad', '--metric', 'failure_rate', '--threshold', '20'], env);
    expect(rateOver1.code).not.toBe(0);
    expect(rateOver1.stderr).toMatch(/fractions/);
  }, 120_000);

  it('answers bad flags and bad config with one clear line and a non-zero exit', async () => {
    const cases: Array<[string[], Record<string, string>, RegExp]> = [
      [['keys', 'create', '--project', 'default', '--scope', 'write'], {}, /--scope: must be ingest .* or read/],
      [['keys', 'create', '--bogus'], {}, /Unknown option '--bogus'/],
      [['projects', 'create'], {}, /expected exactly one project name/],
      [['frobnicate'], {}, /unknown command "frobnicate"/],
      [['migrate'], { DATABASE_URL: 'mysql://nope' }, /DATABASE_URL: must be a postgresql:\/\/ connection string/],
      [['start'], { TOOLSCOPE_COLLECTOR_PORT: 'ninety' }, /TOOLSCOPE_COLLECTOR_PORT/],
      // Nothing runs on the collector port at this point.
      [['demo'], {}, /no Toolscope collector answers at .*; start one with `npm start`/],
    ];
    for (const [args, extraEnv, pattern] of cases) {
      const result = await runCli(args, { ...env, ...extraEnv });
      expect(result.code, args.join(' ')).not.toBe(0);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(pattern);
    }
  }, 120_000);
});
