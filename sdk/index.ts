/**
 * Toolscope SDK, published as `toolscope/sdk`. Everything an agent author
 * imports is exported here, and nothing else.
 */

// Setup: our own export, or the application's OpenTelemetry.
export { createToolscope, globalProviderRegistered, ToolscopeOptionsSchema } from './toolscope.ts';
export type { Toolscope, ToolscopeOptions } from './toolscope.ts';
export { toolscopeSpanProcessor, isGenAISpan } from './processor.ts';
export type { ToolscopeSpanProcessorOptions } from './processor.ts';
export { createCollectorExporter, tracesUrl, DEFAULT_ENDPOINT } from './exporter.ts';
export type { BatchSettings, CollectorTarget } from './exporter.ts';
export { createTestToolscope } from './testing.ts';
export type { TestToolscope } from './testing.ts';

// Tools.
export { defineTool, toModelContent } from './tool.ts';
export type {
  AnyTool,
  Tool,
  ToolCallOptions,
  ToolCallResult,
  ToolErrorPayload,
  ToolFailure,
  ToolRunContext,
  ToolSpec,
  ToolSuccess,
} from './tool.ts';
export { recordUnknownToolCall } from './unknown-tool.ts';
export type { UnknownToolCall } from './unknown-tool.ts';
export { ToolError, LoopDetectedError } from './errors.ts';
export type { ToolErrorOptions } from './errors.ts';
export { classifyError } from './classify.ts';
export type { ClassifiedError, ValidationIssue } from './classify.ts';
export { parseArguments, validateArguments } from './validation.ts';
export { resolveInside } from './guards.ts';
export { DEFAULT_RETRY, NO_RETRY } from './retry.ts';
export type { RetryPolicy } from './retry.ts';
export { redactValue, redactText, REDACTED } from './redact.ts';
export type { RedactionRules } from './redact.ts';

// Model turns and refusals.
export { recordModelTurn, normaliseToolChoice } from './model-turn.ts';
export type { ModelToolCall, ModelTurn, ModelTurnVerdict, ToolChoiceInput } from './model-turn.ts';
export { DEFAULT_REFUSAL_PHRASES, detectRefusal, findRefusalPhrases } from './refusal.ts';
export type { RefusalHit, RefusalKind, RefusalPhrase, RefusalVerdict } from './refusal.ts';

// Runs, loops, contracts.
export { run, RunOptionsSchema } from './run.ts';
export type { RunHandle, RunOptions, RunOutcome } from './run.ts';
export { LoopGuard } from './loop-guard.ts';
export type { LoopGuardOptions, LoopKind, LoopVerdict } from './loop-guard.ts';
export { ContractSchema, evaluateContract } from './contract.ts';
export type { Contract, ContractRule, ContractVerdict, ContractViolation } from './contract.ts';

// Provider adapters (types from `openai` / `@anthropic-ai/sdk`, no runtime dependency on them).
export { executeOpenAIToolCalls, modelTurnFromOpenAI, toOpenAITools } from './adapters/openai.ts';
export type { OpenAIToolExecution } from './adapters/openai.ts';
export { executeAnthropicToolUses, modelTurnFromAnthropic, toAnthropicTools } from './adapters/anthropic.ts';
export type { AnthropicToolExecution } from './adapters/anthropic.ts';
export type { ToolSet } from './adapters/registry.ts';

// The wire contract, shared with the collector.
export { GenAI, GenAIOperation, Otel, Toolscope as ToolscopeAttributes, ToolscopeEvent } from './attributes.ts';
export { TAXONOMY, QUALIFIED_ERROR_TYPES, parseErrorType, isRetryable } from './taxonomy.ts';
export type { ErrorCategory, QualifiedErrorType } from './taxonomy.ts';
export { SDK_VERSION } from './version.ts';
