/** The demo's report, computed only from the spans the collector accepted. */
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { GenAI, GenAIOperation, Otel, ToolscopeAttributes } from '../../sdk/index.ts';

export interface DemoSummary {
  /** Spans the collector answered 2xx for. */
  readonly spansSent: number;
  /** Spans the collector refused or never answered for. */
  readonly spansFailed: number;
  /** One entry per tool name: `execute_tool` spans (each attempt is one) and how many failed. */
  readonly toolCalls: Record<string, { calls: number; failures: number }>;
  /** `error.type` of failed `execute_tool` spans. */
  readonly errorTypes: Record<string, number>;
  /** `error.type` of model turns (`protocol/refusal`, `protocol/no_tool_call`). */
  readonly modelErrorTypes: Record<string, number>;
  readonly modelTurns: number;
  readonly runs: number;
  /** Loop verdicts the SDK recorded, by kind. */
  readonly loops: Record<string, number>;
  /** Contract violations, by rule. */
  readonly contractViolations: Record<string, number>;
  readonly runsWithViolations: number;
  readonly endpoint: string;
  readonly seed: number;
}

const increment = (counts: Record<string, number>, key: string): void => {
  counts[key] = (counts[key] ?? 0) + 1;
};

export function summarise(spans: readonly ReadableSpan[], context: { endpoint: string; seed: number; spansFailed: number }): DemoSummary {
  const toolCalls: Record<string, { calls: number; failures: number }> = {};
  const errorTypes: Record<string, number> = {};
  const modelErrorTypes: Record<string, number> = {};
  const loops: Record<string, number> = {};
  const contractViolations: Record<string, number> = {};
  let modelTurns = 0;
  let runs = 0;
  let runsWithViolations = 0;

  for (const span of spans) {
    const operation = span.attributes[GenAI.OPERATION_NAME];
    const errorType = span.attributes[Otel.ERROR_TYPE];
    if (operation === GenAIOperation.EXECUTE_TOOL) {
      const tool = String(span.attributes[GenAI.TOOL_NAME]);
      const entry = (toolCalls[tool] ??= { calls: 0, failures: 0 });
      entry.calls++;
      if (typeof errorType === 'string') {
        entry.failures++;
        increment(errorTypes, errorType);
      }
    } else if (operation === GenAIOperation.CHAT) {
      modelTurns++;
      if (typeof errorType === 'string') increment(modelErrorTypes, errorType);
    } else if (operation === GenAIOperation.INVOKE_AGENT) {
      runs++;
      for (const verdict of parseList(span.attributes[ToolscopeAttributes.LOOP_VERDICTS])) increment(loops, String(verdict['type']));
      const violations = parseList(span.attributes[ToolscopeAttributes.CONTRACT_VIOLATIONS]);
      if (violations.length > 0) runsWithViolations++;
      for (const violation of violations) increment(contractViolations, String(violation['rule']));
    }
  }
  return {
    spansSent: spans.length,
    spansFailed: context.spansFailed,
    toolCalls,
    errorTypes,
    modelErrorTypes,
    modelTurns,
    runs,
    loops,
    contractViolations,
    runsWithViolations,
    endpoint: context.endpoint,
    seed: context.seed,
  };
}

function parseList(value: unknown): Record<string, unknown>[] {
  if (typeof value !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as Record<string, unknown>[]) : [];
  } catch {
    return [];
  }
}
