import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCaptureServer, type CaptureServer } from '../../sdk/capture-server.test-support.ts';
import { CollectorUnavailableError, runDemo } from './demo.ts';

const run = promisify(execFile);

let server: CaptureServer;
beforeEach(async () => {
  server = await startCaptureServer();
});
afterEach(async () => {
  await server.close();
});

function occurrences(haystack: string, needle: string): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) count++;
  return count;
}

// Each case runs dozens of agent runs with real timeouts and a real socket: allow for a busy machine.
describe('runDemo against a real OTLP endpoint', { timeout: 60_000 }, () => {
  it('reports exactly what the endpoint received, with every kind of mistake the scripted model makes', async () => {
    const progress: number[] = [];
    const summary = await runDemo({ endpoint: server.endpoint, apiKey: 'demo-key', runs: 60, seed: 7, onProgress: (p) => progress.push(p.run) });
    expect(progress).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(summary.runs).toBe(60);
    expect(summary.spansFailed).toBe(0);

    for (const request of server.requests) expect(request.headers['authorization']).toBe('Bearer demo-key');
    // Span names are plain UTF-8 inside the protobuf: count each tool's spans in what actually arrived.
    const received = server.requests.map((request) => request.body.toString('latin1')).join('');
    for (const [tool, { calls }] of Object.entries(summary.toolCalls)) {
      expect(occurrences(received, `execute_tool ${tool}`), tool).toBe(calls);
    }
    expect(occurrences(received, 'invoke_agent file-search-agent')).toBe(60);
    expect(occurrences(received, 'chat scripted-gpt-mini')).toBe(summary.modelTurns);
    const failures = Object.values(summary.toolCalls).reduce((sum, t) => sum + t.failures, 0);
    expect(Object.values(summary.errorTypes).reduce((a, b) => a + b, 0)).toBe(failures);

    expect(Object.keys(summary.errorTypes).sort()).toEqual([
      'arguments/invalid_json',
      'arguments/schema_violation',
      'arguments/unsafe_argument',
      'execution/not_found',
      'execution/timeout',
      'execution/unsupported_input',
      'selection/unknown_tool',
    ]);
    expect(summary.modelErrorTypes['protocol/refusal']).toBeGreaterThan(0);
    expect(summary.loops['same_tool']).toBeGreaterThan(0);
    expect(summary.contractViolations['required']).toBeGreaterThan(0);
    // Every timeout was transient: the retry succeeded, so no search ended in a timeout.
    expect(summary.toolCalls['search_content']!.failures).toBe((summary.errorTypes['execution/timeout'] ?? 0) + (summary.errorTypes['arguments/invalid_json'] ?? 0));
  });

  it('is reproducible: the same seed gives the same summary', async () => {
    const first = await runDemo({ endpoint: server.endpoint, apiKey: 'k', runs: 15, seed: 3 });
    const second = await runDemo({ endpoint: server.endpoint, apiKey: 'k', runs: 15, seed: 3 });
    expect(second).toEqual(first);
    const other = await runDemo({ endpoint: server.endpoint, apiKey: 'k', runs: 15, seed: 4 });
    expect(other).not.toEqual(first);
  });
});

describe('runDemo without a usable collector', () => {
  it('says how to start Toolscope when nothing listens', async () => {
    const closed = server.endpoint;
    await server.close();
    server = await startCaptureServer();
    const attempt = runDemo({ endpoint: closed, apiKey: 'k', runs: 1 });
    await expect(attempt).rejects.toBeInstanceOf(CollectorUnavailableError);
    await expect(attempt).rejects.toThrow(/^No Toolscope collector answered at .+ Start one with `npm start`/);
  });

  it('says how to get a key when the collector refuses it', async () => {
    server.status = 401;
    await expect(runDemo({ endpoint: server.endpoint, apiKey: 'bad', runs: 1 })).rejects.toThrow(/refused the API key .* toolscope keys create/);
  });

  it('prints one line and exits non-zero from the command line', async () => {
    const closed = server.endpoint;
    await server.close();
    server = await startCaptureServer();
    const result = await run(process.execPath, ['--import', 'tsx', 'examples/file-search-agent/main.ts', '--endpoint', closed], {
      env: { ...process.env, TOOLSCOPE_API_KEY: 'k' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('npm start');
  }, 30_000);
});
