/**
 * Typed errors: `ToolError` is what a tool throws to say exactly what went
 * wrong and what the model should do next; `LoopDetectedError` is what the
 * run's guard throws when its policy is `stop`.
 */
import { parseErrorType, type ErrorCategory, type QualifiedErrorType } from './taxonomy.ts';
import type { LoopVerdict } from './loop-guard.ts';

export interface ToolErrorOptions {
  /** What the model should try instead, in plain words. */
  readonly suggestions?: readonly string[];
  /** Facts that help the model or a human, e.g. `{ requestedPath, similarFiles }`. */
  readonly context?: Readonly<Record<string, unknown>>;
  readonly cause?: unknown;
}

export class ToolError extends Error {
  override readonly name = 'ToolError';
  readonly qualifiedType: QualifiedErrorType;
  readonly category: ErrorCategory;
  readonly type: string;
  readonly retryable: boolean;
  readonly suggestions: readonly string[];
  readonly context: Readonly<Record<string, unknown>> | undefined;

  constructor(type: QualifiedErrorType, message: string, options: ToolErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    const parsed = parseErrorType(type);
    if (!parsed) throw new TypeError(`ToolError: "${type}" is not in the Toolscope error taxonomy`);
    this.qualifiedType = type;
    this.category = parsed.category;
    this.type = parsed.type;
    this.retryable = parsed.retryable;
    this.suggestions = options.suggestions ?? [];
    this.context = options.context;
  }
}

/** Thrown by the run's loop guard under the `stop` policy; carries the verdict that stopped the run. */
export class LoopDetectedError extends Error {
  override readonly name = 'LoopDetectedError';
  readonly verdict: LoopVerdict;
  readonly qualifiedType: QualifiedErrorType;

  constructor(verdict: LoopVerdict) {
    super(verdict.message);
    this.verdict = verdict;
    this.qualifiedType = verdict.errorType;
  }
}
