/**
 * End to end: the demo agent against a real collector on a real Postgres.
 * What the collector stored must match what the demo says it sent, per tool,
 * per error type, per run, and down to the retry attempts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDemo } from '../../examples/file-search-agent/demo.ts';
import type { DemoSummary } from '../../examples/file-search-agent/summary.ts';
import { startTestCollector, type TestCollector } from '../support/collector.ts';

let t: TestCollector;
let summary: DemoSummary;
beforeAll(async () => {
  t = await startTestCollector();
  summary = await runDemo({ endpoint: t.collector.url, apiKey: t.ingestKey, runs: 60, seed: 7 });
});
afterAll(() => t.close());

async function rows<T>(sql: string): Promise<T[]> {
  return (await t.db.pool.query(sql, [t.projectId])).rows as T[];
}

describe('the demo against a real collector', () => {
  it('delivered every span it recorded', () => {
    expect(summary.spansFailed).toBe(0);
    expect(summary.runs).toBe(60);
  });

  it('stored the tool calls and failures it reports, per tool', async () => {
    const stored = await rows<{ tool_name: string; calls: number; failures: number }>(
      `SELECT tool_name, count(*)::int AS calls, count(*) FILTER (WHERE outcome = 'failure')::int AS failures
         FROM tool_calls WHERE project_id = $1 GROUP BY tool_name`,
    );
    expect(Object.fromEntries(stored.map((row) => [row.tool_name, { calls: row.calls, failures: row.failures }]))).toEqual(summary.toolCalls);
  });

  it('stored the error types it reports', async () => {
    const stored = await rows<{ type: string; count: number }>(
      `SELECT error_category || '/' || error_type AS type, count(*)::int AS count
         FROM tool_calls WHERE project_id = $1 AND outcome = 'failure' GROUP BY 1`,
    );
    expect(Object.fromEntries(stored.map((row) => [row.type, row.count]))).toEqual(summary.errorTypes);
  });

  it('stored one run per agent run, with agent, session and model resolved onto the tool calls', async () => {
    const [runs] = await rows<{ count: number }>('SELECT count(*)::int AS count FROM runs WHERE project_id = $1');
    expect(runs?.count).toBe(summary.runs);
    const unresolved = await rows<{ count: number }>(
      `SELECT count(*)::int AS count FROM tool_calls
        WHERE project_id = $1 AND (agent_name IS DISTINCT FROM 'file-search-agent' OR session_id NOT LIKE 'demo-%' OR model_name IS DISTINCT FROM 'scripted-gpt-mini')`,
    );
    expect(unresolved[0]?.count).toBe(0);
  });

  it('kept the retries: each retried search points at its first attempt and says why', async () => {
    const retries = await rows<{ attempt: number; retry_reason: string; first_ok: boolean }>(
      `SELECT r.attempt, r.retry_reason, (f.span_id IS NOT NULL) AS first_ok
         FROM tool_calls r LEFT JOIN tool_calls f
           ON f.project_id = r.project_id AND f.trace_id = r.trace_id AND f.span_id = r.first_attempt_span_id
        WHERE r.project_id = $1 AND r.attempt > 1`,
    );
    expect(retries.length).toBe(summary.errorTypes['execution/timeout']);
    // Usually attempt 2; on a starved machine a retry can time out too, and attempt 3 follows it.
    for (const retry of retries) {
      expect(retry).toEqual({ attempt: expect.any(Number), retry_reason: 'execution/timeout', first_ok: true });
      expect(retry.attempt).toBeGreaterThanOrEqual(2);
    }
  });
});
