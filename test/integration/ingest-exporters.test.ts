/**
 * Ingest through the official OpenTelemetry exporters (protobuf and JSON,
 * gzip or not) into a real collector on a real Postgres.
 */
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldRollupDeltas } from '../../collector/ingest/fold-rollups.ts';
import { childSpan, exportPipeline } from '../support/otel.ts';
import { startTestCollector, type TestCollector } from '../support/collector.ts';

let t: TestCollector;
beforeAll(async () => {
  t = await startTestCollector();
});
afterAll(() => t.close());

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await t.db.pool.query(sql, params)).rows as T[];
}

describe.each([
  { format: 'protobuf' as const, gzip: false },
  { format: 'protobuf' as const, gzip: true },
  { format: 'json' as const, gzip: false },
  { format: 'json' as const, gzip: true },
])('OTLP $format (gzip: $gzip) from the official exporter', ({ format, gzip }) => {
  it('stores tool calls with agent, model and session from ancestors, keeps run spans, drops unrelated spans', async () => {
    const pipeline = exportPipeline({ url: t.collector.url, apiKey: t.ingestKey, format, gzip, serviceName: 'agent-svc' });
    const { tracer } = pipeline;
    const agent = childSpan(tracer, 'invoke_agent file-agent', {
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': `file-agent-${format}-${gzip}`,
      'gen_ai.conversation.id': `session-${format}-${gzip}`,
    });
    const chat = childSpan(tracer, 'chat gpt-test', { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-test' }, agent, SpanKind.CLIENT);
    chat.end();
    const ok = childSpan(tracer, 'execute_tool read_file', {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'read_file',
      'gen_ai.tool.call.id': 'call_1',
      'gen_ai.tool.call.arguments': '{"path":"notes.md"}',
      'gen_ai.tool.call.result': '{"content":"hello"}',
    }, agent);
    ok.end();
    const failed = childSpan(tracer, 'execute_tool read_file', {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'read_file',
      'gen_ai.tool.call.arguments': '{"path":"missing.md"}',
      'error.type': 'execution/not_found',
    }, agent);
    failed.setStatus({ code: SpanStatusCode.ERROR, message: 'File not found: missing.md' });
    failed.end();
    // OK by status, but the result says it failed.
    const quietFailure = childSpan(tracer, 'execute_tool search_content', {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'search_content',
      'gen_ai.tool.call.result': '{"success":false,"error":"index unavailable"}',
    }, agent);
    quietFailure.end();
    const unrelated = childSpan(tracer, 'GET /health', { 'http.request.method': 'GET' }, agent, SpanKind.SERVER);
    unrelated.end();
    agent.end();
    await pipeline.flush();
    await pipeline.shutdown();

    const traceId = agent.spanContext().traceId;
    const calls = await rows<{ tool_name: string; outcome: string; error_category: string | null; error_type: string | null; agent_name: string; model_name: string; session_id: string; service_name: string; duration_ms: number }>(
      // Not by time: spans started microseconds apart may tie once stored.
      'SELECT * FROM tool_calls WHERE project_id = $1 AND trace_id = $2 ORDER BY tool_name, outcome DESC',
      [t.projectId, traceId],
    );
    expect(calls.map((c) => [c.tool_name, c.outcome, c.error_category, c.error_type])).toEqual([
      ['read_file', 'success', null, null],
      ['read_file', 'failure', 'execution', 'not_found'],
      ['search_content', 'failure', expect.any(String), expect.any(String)],
    ]);
    for (const call of calls) {
      expect(call.agent_name).toBe(`file-agent-${format}-${gzip}`);
      expect(call.session_id).toBe(`session-${format}-${gzip}`);
      expect(call.model_name).toBe('gpt-test');
      expect(call.service_name).toBe('agent-svc');
      expect(call.duration_ms).toBeGreaterThanOrEqual(0);
    }
    const spans = await rows<{ kind: string }>('SELECT kind FROM run_spans WHERE project_id = $1 AND trace_id = $2 ORDER BY kind', [t.projectId, traceId]);
    expect(spans.map((s) => s.kind)).toEqual(['agent', 'model']);
    const runs = await rows<{ tool_calls: number; failures: number; root_ended: boolean; agent_name: string }>(
      'SELECT * FROM runs WHERE project_id = $1 AND trace_id = $2',
      [t.projectId, traceId],
    );
    expect(runs).toEqual([expect.objectContaining({ tool_calls: 3, failures: 2, root_ended: true, agent_name: `file-agent-${format}-${gzip}` })]);
    await foldRollupDeltas(t.db.pool);
    const rollup = await rows<{ calls: number; failures: number; fail_execution: number }>(
      `SELECT sum(calls) AS calls, sum(failures) AS failures, sum(fail_execution) AS fail_execution
         FROM tool_call_rollups WHERE project_id = $1 AND agent_name = $2`,
      [t.projectId, `file-agent-${format}-${gzip}`],
    );
    expect(rollup[0]).toMatchObject({ calls: 3, failures: 2 });
  });
});

describe('ancestors arriving in a later request', () => {
  it('fill in agent and model afterwards, and move the rollup counts with them', async () => {
    const pipeline = exportPipeline({ url: t.collector.url, apiKey: t.ingestKey, format: 'protobuf' });
    const agent = childSpan(pipeline.tracer, 'invoke_agent late-agent', {
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'late-agent',
      'gen_ai.request.model': 'late-model',
    });
    const tool = childSpan(pipeline.tracer, 'execute_tool list_files', { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'list_files' }, agent);
    tool.end();
    await pipeline.flush(); // the tool span travels alone
    const traceId = agent.spanContext().traceId;
    const before = await rows<{ agent_name: string | null }>('SELECT agent_name FROM tool_calls WHERE project_id = $1 AND trace_id = $2', [t.projectId, traceId]);
    expect(before).toEqual([{ agent_name: null }]);

    agent.end();
    await pipeline.flush();
    await pipeline.shutdown();
    const after = await rows<{ agent_name: string; model_name: string }>('SELECT agent_name, model_name FROM tool_calls WHERE project_id = $1 AND trace_id = $2', [t.projectId, traceId]);
    expect(after).toEqual([{ agent_name: 'late-agent', model_name: 'late-model' }]);
    await foldRollupDeltas(t.db.pool);
    const rollups = await rows<{ agent_name: string; model_name: string; calls: number }>(
      `SELECT agent_name, model_name, sum(calls) AS calls FROM tool_call_rollups
        WHERE project_id = $1 AND tool_name = 'list_files' GROUP BY 1, 2 HAVING sum(calls) <> 0`,
      [t.projectId],
    );
    expect(rollups).toEqual([{ agent_name: 'late-agent', model_name: 'late-model', calls: 1 }]);
  });
});
