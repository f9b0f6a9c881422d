import { describe, expect, it } from 'vitest';
import { emptyAttributes, type AttrValue, type OtlpScope, type OtlpSpan } from '../otlp/index.ts';
import { classifySpan } from './classify-span.ts';

function classify(name: string, attributes: Record<string, AttrValue>, scopeName = 'some.instrumentation') {
  const span = { name, attributes: Object.assign(emptyAttributes(), attributes) } as OtlpSpan;
  const scope: OtlpScope = { name: scopeName, version: '', attributes: emptyAttributes() };
  return classifySpan(span, scope);
}

describe('classifySpan', () => {
  it.each([
    ['execute_tool x', { 'gen_ai.operation.name': 'execute_tool', 'toolscope.retry.attempt': 1 }, 'some.lib', ['tool', 'toolscope']],
    ['execute_tool x', { 'gen_ai.operation.name': 'execute_tool' }, 'toolscope', ['tool', 'toolscope']],
    ['execute_tool x', { 'gen_ai.operation.name': 'execute_tool' }, 'ai', ['tool', 'genai']],
    ['invoke_agent a', { 'gen_ai.operation.name': 'invoke_agent' }, 'x', ['agent', 'genai']],
    ['create_agent a', { 'gen_ai.operation.name': 'create_agent' }, 'x', ['agent', 'genai']],
    ['chat m', { 'gen_ai.operation.name': 'chat' }, 'x', ['model', 'genai']],
    ['text_completion m', { 'gen_ai.operation.name': 'text_completion' }, 'x', ['model', 'genai']],
    ['generate_content m', { 'gen_ai.operation.name': 'generate_content' }, 'x', ['model', 'genai']],
    ['embeddings m', { 'gen_ai.operation.name': 'embeddings' }, 'x', ['chain', 'genai']],
    ['chat m', { 'gen_ai.operation.name': 'chat', 'toolscope.refusal.kind': 'hard' }, 'x', ['model', 'toolscope']],
    ['t', { 'openinference.span.kind': 'TOOL' }, 'x', ['tool', 'openinference']],
    ['a', { 'openinference.span.kind': 'AGENT' }, 'x', ['agent', 'openinference']],
    ['l', { 'openinference.span.kind': 'LLM' }, 'x', ['model', 'openinference']],
    ['r', { 'openinference.span.kind': 'RETRIEVER' }, 'x', ['chain', 'openinference']],
    ['g', { 'openinference.span.kind': 'guardrail' }, 'x', ['chain', 'openinference']],
    ['x.tool', { 'traceloop.span.kind': 'tool' }, 'x', ['tool', 'openllmetry']],
    ['x.agent', { 'traceloop.span.kind': 'agent' }, 'x', ['agent', 'openllmetry']],
    ['x.workflow', { 'traceloop.span.kind': 'workflow' }, 'x', ['agent', 'openllmetry']],
    ['x.task', { 'traceloop.span.kind': 'task' }, 'x', ['chain', 'openllmetry']],
    ['openai.chat', { 'gen_ai.request.model': 'gpt-4.1', 'llm.request.type': 'chat' }, 'x', ['model', 'openllmetry']],
    ['ai.toolCall', {}, 'ai', ['tool', 'vercel-ai']],
    ['ai.generateText', {}, 'ai', ['agent', 'vercel-ai']],
    ['ai.streamText', {}, 'ai', ['agent', 'vercel-ai']],
    ['ai.generateText.doGenerate', {}, 'ai', ['model', 'vercel-ai']],
    ['ai.streamText.doStream', {}, 'ai', ['model', 'vercel-ai']],
    ['custom name', { 'ai.operationId': 'ai.toolCall' }, 'ai', ['tool', 'vercel-ai']],
  ] as const)('%s %o (scope %s) → %o', (name, attributes, scope, [role, source]) => {
    expect(classify(name, attributes, scope)).toEqual({ role, source });
  });

  it.each([
    ['GET /users', { 'http.request.method': 'GET' }],
    ['SELECT', { 'db.system': 'postgresql' }],
    ['odd', { 'openinference.span.kind': 'SOMETHING_NEW' }],
    ['odd', { 'traceloop.span.kind': 42 }],
  ])('ignores %s', (name, attributes) => {
    expect(classify(name, attributes)).toBeNull();
  });
});
