/**
 * The wire contract between the SDK and the collector: every span attribute
 * Toolscope writes or reads. GenAI semantic-convention names come first; what
 * GenAI has no name for lives under `toolscope.*`.
 *
 * The collector imports this module, so the two sides cannot disagree.
 * `@opentelemetry/semantic-conventions/incubating` marks its GenAI constants as
 * deprecated, so we keep our own.
 */

/** OpenTelemetry GenAI semantic conventions (Development status). */
export const GenAI = {
  OPERATION_NAME: 'gen_ai.operation.name',
  TOOL_NAME: 'gen_ai.tool.name',
  TOOL_DESCRIPTION: 'gen_ai.tool.description',
  TOOL_TYPE: 'gen_ai.tool.type',
  TOOL_CALL_ID: 'gen_ai.tool.call.id',
  TOOL_CALL_ARGUMENTS: 'gen_ai.tool.call.arguments',
  TOOL_CALL_RESULT: 'gen_ai.tool.call.result',
  AGENT_ID: 'gen_ai.agent.id',
  AGENT_NAME: 'gen_ai.agent.name',
  AGENT_DESCRIPTION: 'gen_ai.agent.description',
  AGENT_VERSION: 'gen_ai.agent.version',
  CONVERSATION_ID: 'gen_ai.conversation.id',
  REQUEST_MODEL: 'gen_ai.request.model',
  RESPONSE_MODEL: 'gen_ai.response.model',
  PROVIDER_NAME: 'gen_ai.provider.name',
  /** Older emitters use `gen_ai.system` where newer ones use `gen_ai.provider.name`. */
  SYSTEM: 'gen_ai.system',
  INPUT_MESSAGES: 'gen_ai.input.messages',
  OUTPUT_MESSAGES: 'gen_ai.output.messages',
  RESPONSE_FINISH_REASONS: 'gen_ai.response.finish_reasons',
  USAGE_INPUT_TOKENS: 'gen_ai.usage.input_tokens',
  USAGE_OUTPUT_TOKENS: 'gen_ai.usage.output_tokens',
  /** Vercel AI SDK 7 writes the tool duration in seconds here. */
  EXECUTE_TOOL_DURATION: 'gen_ai.execute_tool.duration',
} as const;

/** Values of `gen_ai.operation.name`. */
export const GenAIOperation = {
  EXECUTE_TOOL: 'execute_tool',
  INVOKE_AGENT: 'invoke_agent',
  CREATE_AGENT: 'create_agent',
  CHAT: 'chat',
  TEXT_COMPLETION: 'text_completion',
  GENERATE_CONTENT: 'generate_content',
  EMBEDDINGS: 'embeddings',
} as const;

/** General OpenTelemetry attributes we read. */
export const Otel = {
  ERROR_TYPE: 'error.type',
  EXCEPTION_TYPE: 'exception.type',
  EXCEPTION_MESSAGE: 'exception.message',
  EXCEPTION_STACKTRACE: 'exception.stacktrace',
  SERVICE_NAME: 'service.name',
} as const;

/** Toolscope's own namespace, for what GenAI has no name for. */
export const Toolscope = {
  /** Error category of the taxonomy (`selection`, `arguments`, …). `error.type` holds `category/type`. */
  ERROR_CATEGORY: 'toolscope.error.category',
  /** Error type within the category (`not_found`, `schema_violation`, …). */
  ERROR_TYPE: 'toolscope.error.type',
  ERROR_MESSAGE: 'toolscope.error.message',
  /** Class name of the original exception, kept for `execution/unknown`. */
  ERROR_CLASS: 'toolscope.error.class',
  ERROR_RETRYABLE: 'toolscope.error.retryable',
  /** JSON array of strings: what the model should do next. */
  ERROR_SUGGESTIONS: 'toolscope.error.suggestions',
  /** JSON object: context the tool attached to its error. */
  ERROR_CONTEXT: 'toolscope.error.context',
  /** JSON array of `{ path, code, expected?, received?, message }`. */
  VALIDATION_ISSUES: 'toolscope.validation.issues',
  /** `success` | `failure`. */
  OUTCOME: 'toolscope.outcome',
  /** 1-based attempt number of this call. */
  RETRY_ATTEMPT: 'toolscope.retry.attempt',
  RETRY_MAX_ATTEMPTS: 'toolscope.retry.max_attempts',
  /** Why this attempt happened: the error type of the previous attempt, e.g. `execution/timeout`. */
  RETRY_REASON: 'toolscope.retry.reason',
  /** Span id (hex) of the first attempt of this call. */
  RETRY_FIRST_SPAN_ID: 'toolscope.retry.first_span_id',
  ARGUMENTS_TRUNCATED: 'toolscope.arguments.truncated',
  /** JSON array of argument paths coerced from their string spelling (`"0"` → 0, `"true"` → true) before validation. */
  ARGUMENTS_COERCED: 'toolscope.arguments.coerced',
  /** `true` when the arguments were not strict JSON and were repaired (typographic quotes, trailing commas, double encoding). */
  ARGUMENTS_REPAIRED: 'toolscope.arguments.repaired',
  RESULT_TRUNCATED: 'toolscope.result.truncated',
  /** Number of redactions applied to arguments and result. */
  REDACTED_COUNT: 'toolscope.redacted.count',
  TIMEOUT_MS: 'toolscope.timeout_ms',
  SDK_VERSION: 'toolscope.sdk.version',
  /** JSON array of `{ phrase, language, kind }` refusal hits on a model turn. */
  REFUSAL_HITS: 'toolscope.refusal.hits',
  /** `hard` | `soft` when the model turn was a refusal. */
  REFUSAL_KIND: 'toolscope.refusal.kind',
  /** JSON array of tool names the model asked for on a model turn. */
  TOOL_CALLS_REQUESTED: 'toolscope.model.tool_calls',
  /** `auto` | `required` | `none` | a tool name. */
  TOOL_CHOICE: 'toolscope.model.tool_choice',
  /** JSON array of the tool names offered to the model. */
  TOOLS_AVAILABLE: 'toolscope.model.tools_available',
  /** JSON array of tool names the model asked for that are not among the tools offered. */
  UNKNOWN_TOOLS: 'toolscope.model.unknown_tools',
  /** `true` when the turn had to call a tool (`tool_choice` required or named, or the caller said so). */
  TOOL_CALL_EXPECTED: 'toolscope.model.tool_call_expected',
  /** Cost of one model turn in USD, when the caller knows it. */
  MODEL_COST_USD: 'toolscope.model.cost_usd',
  RUN_ITERATION: 'toolscope.run.iteration',
  RUN_MAX_ITERATIONS: 'toolscope.run.max_iterations',
  RUN_COST_USD: 'toolscope.run.cost_usd',
  RUN_MAX_COST_USD: 'toolscope.run.max_cost_usd',
  /** Number of tool calls (not attempts) made in the run. */
  RUN_TOOL_CALLS: 'toolscope.run.tool_calls',
  /** Number of those calls that failed after their last attempt. */
  RUN_FAILED_TOOL_CALLS: 'toolscope.run.failed_tool_calls',
  /**
   * JSON array of loop verdicts seen by the SDK guard:
   * `{ type, errorType, tool?, tools?, length, spanIds, message }`, `type` one of
   * `same_tool | identical_calls | cycle | max_iterations | cost_limit`.
   */
  LOOP_VERDICTS: 'toolscope.loop.verdicts',
  /** `record` | `stop`. */
  LOOP_POLICY: 'toolscope.loop.policy',
  /** JSON of the contract the run was checked against. */
  CONTRACT: 'toolscope.contract',
  /**
   * JSON array of contract violations `{ rule, errorType, tool, message, next }`, `rule` one of
   * `required | required_success | depends_on | next_required`.
   */
  CONTRACT_VIOLATIONS: 'toolscope.contract.violations',
  /** `passed` | `violated`. */
  CONTRACT_VERDICT: 'toolscope.contract.verdict',
} as const;

/** Names of the span events the SDK adds to the run span; their attributes use the names above. */
export const ToolscopeEvent = {
  /** A loop started: attributes `toolscope.loop.verdicts` (JSON of this one verdict) and `error.type`. */
  LOOP_DETECTED: 'toolscope.loop.detected',
  /** A contract rule was broken: attributes `toolscope.contract.violations` (JSON of this one violation) and `error.type`. */
  CONTRACT_VIOLATION: 'toolscope.contract.violation',
} as const;

/** OpenInference (Arize) attributes. */
export const OpenInference = {
  SPAN_KIND: 'openinference.span.kind',
  TOOL_NAME: 'tool.name',
  TOOL_DESCRIPTION: 'tool.description',
  TOOL_PARAMETERS: 'tool.parameters',
  TOOL_JSON_SCHEMA: 'tool.json_schema',
  TOOL_ID: 'tool.id',
  INPUT_VALUE: 'input.value',
  OUTPUT_VALUE: 'output.value',
  SESSION_ID: 'session.id',
  USER_ID: 'user.id',
  AGENT_NAME: 'agent.name',
  LLM_MODEL_NAME: 'llm.model_name',
} as const;

/** OpenLLMetry / Traceloop attributes. */
export const Traceloop = {
  SPAN_KIND: 'traceloop.span.kind',
  ENTITY_NAME: 'traceloop.entity.name',
  ENTITY_INPUT: 'traceloop.entity.input',
  ENTITY_OUTPUT: 'traceloop.entity.output',
  WORKFLOW_NAME: 'traceloop.workflow.name',
  SESSION_ID: 'traceloop.association.properties.session_id',
  USER_ID: 'traceloop.association.properties.user_id',
} as const;

/** Vercel AI SDK (≤ 6, and v7 legacy telemetry). */
export const VercelAI = {
  TOOL_CALL_SPAN_NAME: 'ai.toolCall',
  TOOL_CALL_NAME: 'ai.toolCall.name',
  TOOL_CALL_ID: 'ai.toolCall.id',
  TOOL_CALL_ARGS: 'ai.toolCall.args',
  TOOL_CALL_RESULT: 'ai.toolCall.result',
  MODEL_ID: 'ai.model.id',
  FUNCTION_ID: 'ai.telemetry.functionId',
  SESSION_ID: 'ai.telemetry.metadata.sessionId',
} as const;
