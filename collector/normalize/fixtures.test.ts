/**
 * One literal OTLP/JSON fixture per instrumentation (test/fixtures/otlp), decoded
 * and normalised: each field of the unified record is read from where that
 * instrumentation writes it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { NormalizeResult, RunSpanRecord, ToolCallRecord } from '../ingest/records.ts';
import { decodeTraceRequest } from '../otlp/index.ts';
import { normalizeRequest } from './index.ts';

function normalizeFixture(name: string): NormalizeResult {
  const body = readFileSync(new URL(`../../test/fixtures/otlp/${name}.json`, import.meta.url));
  return normalizeRequest(decodeTraceRequest(body, 'json'), { maxPayloadChars: 4096 });
}

function tool(result: NormalizeResult, spanId: string): ToolCallRecord {
  const record = result.records.find((candidate) => candidate.spanId === spanId);
  expect(record?.kind, spanId).toBe('tool');
  return record as ToolCallRecord;
}

function run(result: NormalizeResult, spanId: string): RunSpanRecord {
  const record = result.records.find((candidate) => candidate.spanId === spanId);
  expect(record?.kind, spanId).not.toBe('tool');
  return record as RunSpanRecord;
}

describe('OTel GenAI fixture', () => {
  const result = normalizeFixture('genai');

  it('keeps agent, model and tool spans and ignores the HTTP span', () => {
    expect(result.records.map((record) => record.kind)).toEqual(['agent', 'model', 'tool', 'tool', 'tool']);
    expect(result.ignored).toBe(1);
    expect(result.rejected).toEqual([]);
  });

  it('reads a successful execute_tool span', () => {
    expect(tool(result, '2b3c4d5e6f708192')).toMatchObject({
      source: 'genai',
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      parentSpanId: '00f067aa0ba902b7',
      serviceName: 'travel-agent',
      toolName: 'get_weather',
      callId: 'call_1',
      agentName: 'planner',
      arguments: '{"city":"Paris"}',
      result: '{"temperature_c":18,"conditions":"cloudy"}',
      outcome: 'success',
      errorCategory: null,
      durationMs: 120.5,
      attempt: 1,
    });
  });

  it('maps a foreign error.type and redacts a card token in the arguments', () => {
    expect(tool(result, '3c4d5e6f708192a3')).toMatchObject({
      outcome: 'failure',
      errorCategory: 'execution',
      errorType: 'timeout',
      errorClass: 'TimeoutError',
      errorMessage: 'Request timed out after 30s',
      arguments: '{"to":"CDG","card_token":"[REDACTED]"}',
      details: { redactedCount: 1 },
    });
  });

  it('treats an OK span whose result says success:false as a failure', () => {
    expect(tool(result, '4d5e6f708192a3b4')).toMatchObject({
      outcome: 'failure',
      errorCategory: 'execution',
      errorType: 'not_found',
      errorMessage: 'No hotels found in Atlantis',
      details: { outcomeInferredFromResult: true },
    });
  });

  it('keeps the agent and chat spans with the selected attributes', () => {
    expect(run(result, '00f067aa0ba902b7')).toMatchObject({
      kind: 'agent',
      agentName: 'planner',
      modelName: 'gpt-5',
      sessionId: 'conv-42',
      status: 'ok',
      attributes: { 'gen_ai.agent.id': 'agt_123', 'gen_ai.agent.name': 'planner', operation: 'invoke_agent', provider: 'openai' },
    });
    expect(run(result, '1a2b3c4d5e6f7081')).toMatchObject({
      kind: 'model',
      modelName: 'gpt-5',
      durationMs: 800.25,
      status: 'unset',
      attributes: {
        finishReasons: ['tool_call'],
        inputTokens: 120,
        outputTokens: 30,
        requestedToolCalls: [
          { id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
          { id: 'call_2', name: 'book_flight', arguments: '{"to":"CDG","card_token":"[REDACTED]"}' },
        ],
      },
    });
  });
});

describe('OpenInference fixture', () => {
  const result = normalizeFixture('openinference');

  it('classifies AGENT, LLM, TOOL, CHAIN and RETRIEVER spans', () => {
    expect(result.records.map((record) => [record.kind, record.source])).toEqual([
      ['agent', 'openinference'],
      ['model', 'openinference'],
      ['tool', 'openinference'],
      ['tool', 'openinference'],
      ['chain', 'openinference'],
      ['chain', 'openinference'],
    ]);
  });

  it('reads tool.name, tool.id, input.value, output.value and session.id', () => {
    expect(tool(result, 'd9cf8d938b425553')).toMatchObject({
      toolName: 'read_file',
      callId: 'call_a',
      sessionId: 'sess-9',
      agentName: 'researcher',
      arguments: '{"path": "report.md"}',
      result: '# Report\nRevenue grew 12%.',
      outcome: 'success',
    });
  });

  it('classifies FileNotFoundError from the exception event', () => {
    const failed = tool(result, 'e0d09ea49c536664');
    expect(failed).toMatchObject({
      outcome: 'failure',
      errorCategory: 'execution',
      errorType: 'not_found',
      errorClass: 'FileNotFoundError',
      errorMessage: "[Errno 2] No such file or directory: 'missing.md'",
    });
    expect(failed.details['exceptionStacktrace']).toContain('Traceback');
  });

  it('collects the flattened tool calls of the LLM span', () => {
    expect(run(result, 'c8be7c827a314442')).toMatchObject({
      modelName: 'gpt-4o-mini',
      attributes: {
        provider: 'openai',
        inputTokens: 200,
        outputTokens: 25,
        requestedToolCalls: [
          { id: 'call_a', name: 'read_file', arguments: '{"path":"report.md"}' },
          { id: 'call_b', name: 'read_file', arguments: '{"path":"missing.md"}' },
        ],
      },
    });
  });
});

describe('Vercel AI SDK legacy fixture', () => {
  const result = normalizeFixture('vercel-ai-legacy');

  it('classifies the root, the provider call and the ai.toolCall spans', () => {
    expect(result.records.map((record) => record.kind)).toEqual(['agent', 'model', 'tool', 'tool', 'tool']);
    expect(result.records.every((record) => record.source === 'vercel-ai')).toBe(true);
  });

  it('reads the root: function id as agent, model, session', () => {
    expect(run(result, 'a1b2c3d4e5f60718')).toMatchObject({
      agentName: 'my-chat',
      modelName: 'claude-sonnet-4-5',
      sessionId: 'chat-77',
      attributes: { provider: 'anthropic.messages' },
    });
    expect(run(result, 'b2c3d4e5f6071829').attributes).toMatchObject({
      finishReasons: ['tool-calls'],
      inputTokens: 55,
      outputTokens: 12,
      requestedToolCalls: [
        { id: 'toolu_1', name: 'listDir', arguments: '{"path":"/root"}' },
        { id: 'toolu_2', name: 'queryDb', arguments: '{"sql":"select 1"}' },
      ],
    });
  });

  it('treats an MCP isError result as a failure and reads its text', () => {
    expect(tool(result, 'c3d4e5f607182930')).toMatchObject({
      toolName: 'listDir',
      callId: 'toolu_1',
      outcome: 'failure',
      errorCategory: 'execution',
      errorType: 'permission_denied',
      errorMessage: 'Permission denied: /root',
    });
  });

  it('classifies ECONNREFUSED from an exception message', () => {
    expect(tool(result, 'd4e5f60718293041')).toMatchObject({
      outcome: 'failure',
      errorType: 'upstream_error',
      errorClass: 'Error',
      errorMessage: 'connect ECONNREFUSED 127.0.0.1:5432',
    });
  });

  it('stores a plain-text result (a JSON string) as text', () => {
    expect(tool(result, 'e5f6071829304152')).toMatchObject({ result: 'hi there', outcome: 'success' });
  });
});

describe('OpenLLMetry fixture', () => {
  const result = normalizeFixture('openllmetry');

  it('classifies workflow and agent as agents, the LLM span as a model, task as chain', () => {
    expect(result.records.map((record) => [record.spanId.slice(0, 4), record.kind])).toEqual([
      ['1111', 'agent'],
      ['2222', 'agent'],
      ['3333', 'model'],
      ['4444', 'tool'],
      ['5555', 'tool'],
      ['6666', 'chain'],
    ]);
    expect(run(result, '3333333333333333')).toMatchObject({
      source: 'openllmetry',
      modelName: 'gpt-4.1',
      attributes: { provider: 'openai', inputTokens: 300, outputTokens: 40 },
    });
  });

  it('names the agent span by its entity and the workflow by its workflow name', () => {
    expect(run(result, '2222222222222222').agentName).toBe('triage');
    expect(run(result, '1111111111111111').agentName).toBe('support_flow');
  });

  it('reads entity input/output, unwraps the double-encoded output and redacts the api key', () => {
    expect(tool(result, '4444444444444444')).toMatchObject({
      toolName: 'lookup_order',
      agentName: 'support_flow',
      sessionId: 'ticket-5',
      arguments: '{"args":[],"kwargs":{"order_id":"A-1001","api_key":"[REDACTED]"}}',
      result: '{"order_id":"A-1001","status":"shipped"}',
      outcome: 'success',
    });
  });

  it('classifies PermissionError', () => {
    expect(tool(result, '5555555555555555')).toMatchObject({
      toolName: 'refund',
      outcome: 'failure',
      errorType: 'permission_denied',
      errorClass: 'PermissionError',
    });
  });
});

describe('Toolscope SDK fixture', () => {
  const result = normalizeFixture('toolscope-sdk');

  it('marks every span as ours', () => {
    expect(result.records.every((record) => record.source === 'toolscope')).toBe(true);
  });

  it('keeps taxonomy errors, validation issues and suggestions as written', () => {
    expect(tool(result, 'aaaaaaaaaaaa0003')).toMatchObject({
      outcome: 'failure',
      errorCategory: 'arguments',
      errorType: 'schema_violation',
      errorClass: 'ToolError',
      errorMessage: 'path: expected string, received number',
      sessionId: 'run-1',
      modelName: 'claude-opus-4-1',
      details: {
        validationIssues: [
          { path: 'path', code: 'invalid_type', expected: 'string', received: 'number', message: 'expected string, received number' },
        ],
        suggestions: ['Fix the fields listed in `issues` and call the tool again.'],
        retryable: false,
        maxAttempts: 3,
      },
    });
    expect(tool(result, 'aaaaaaaaaaaa0006')).toMatchObject({
      errorCategory: 'selection',
      errorType: 'unknown_tool',
      details: { errorContext: { availableTools: ['read_file', 'write_file', 'run_tests'] } },
    });
  });

  it('reads retries: attempt, first attempt and reason', () => {
    expect(tool(result, 'aaaaaaaaaaaa0004')).toMatchObject({ attempt: 1, errorType: 'timeout', details: { timeoutMs: 5000 } });
    expect(tool(result, 'aaaaaaaaaaaa0005')).toMatchObject({
      attempt: 2,
      firstAttemptSpanId: 'aaaaaaaaaaaa0004',
      retryReason: 'execution/timeout',
      outcome: 'success',
      durationMs: 310.125,
      details: { resultTruncated: true, redactedCount: 1 },
    });
  });

  it('keeps the run verdicts and the refusal of the model turn', () => {
    expect(run(result, 'aaaaaaaaaaaa0001').attributes).toMatchObject({
      'toolscope.run.iteration': 4,
      'toolscope.loop.verdicts': [{ type: 'same_tool', tool: 'read_file', length: 5 }],
      'toolscope.contract.verdict': 'violated',
      'toolscope.contract.violations': [{ rule: 'required', tool: 'run_tests' }],
    });
    expect(run(result, 'aaaaaaaaaaaa0002')).toMatchObject({
      kind: 'model',
      status: 'error',
      statusMessage: 'model refused',
      errorCategory: 'protocol',
      errorType: 'refusal',
      attributes: {
        'toolscope.refusal.kind': 'hard',
        'toolscope.refusal.hits': [{ phrase: "I can't help with that" }],
        requestedToolCalls: [{ id: null, name: 'read_file', arguments: null }],
      },
    });
  });
});
