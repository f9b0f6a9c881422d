/**
 * Maps anything a tool threw onto the taxonomy, so every failure has a
 * `category/type`, a message and suggestions the model can act on.
 */
import { parseErrorType, type ErrorCategory, type QualifiedErrorType } from './taxonomy.ts';
import { ToolError } from './errors.ts';

export interface ClassifiedError {
  readonly errorType: QualifiedErrorType;
  readonly category: ErrorCategory;
  readonly type: string;
  readonly retryable: boolean;
  readonly message: string;
  readonly suggestions: readonly string[];
  readonly context?: Readonly<Record<string, unknown>>;
  /** Class name of the original exception (`TypeError`, `ToolError`, …). */
  readonly errorClass: string;
  /** Set for `arguments/schema_violation`. */
  readonly issues?: readonly ValidationIssue[];
}

/** One zod issue in the shape the wire contract documents. */
export interface ValidationIssue {
  readonly path: string;
  readonly code: string;
  readonly expected?: string;
  readonly received?: string;
  readonly message: string;
}

/** What the model should do next for each type when the tool gave no suggestions of its own. */
const DEFAULT_SUGGESTIONS: Partial<Record<QualifiedErrorType, readonly string[]>> = {
  'selection/unknown_tool': ['Call one of the available tools listed in `context.availableTools`.'],
  'selection/tool_not_allowed': ['Use a tool that is allowed in this step.'],
  'arguments/invalid_json': ['Send the arguments as one valid JSON object, with double-quoted keys and no trailing commas.'],
  'arguments/schema_violation': ['Fix the fields listed in `issues` and call the tool again.'],
  'arguments/unsafe_argument': ['Use a path or value inside the allowed scope.'],
  'execution/not_found': ['Check the name or path; list what exists before asking for it.'],
  'execution/permission_denied': ['Do not retry; choose a resource you are allowed to use.'],
  'execution/timeout': ['Retry later or ask for less work in one call.'],
  'execution/rate_limited': ['Wait before retrying.'],
  'execution/upstream_error': ['Retry later; the service the tool depends on failed.'],
  'execution/invalid_state': ['Change the state first (e.g. create what is missing), then retry.'],
  'execution/unsupported_input': ['Change the input to a supported form.'],
  'execution/unknown': ['Do not repeat the same call unchanged; try a different approach.'],
};

export function defaultSuggestions(errorType: QualifiedErrorType): readonly string[] {
  return DEFAULT_SUGGESTIONS[errorType] ?? [];
}

/** Builds a classification for a type we decided ourselves (validation, unknown tool, …). */
export function classification(
  errorType: QualifiedErrorType,
  message: string,
  extra: Partial<Pick<ClassifiedError, 'suggestions' | 'context' | 'issues' | 'errorClass'>> = {},
): ClassifiedError {
  const parsed = parseErrorType(errorType);
  if (!parsed) throw new TypeError(`"${errorType}" is not in the Toolscope error taxonomy`);
  return {
    errorType,
    category: parsed.category,
    type: parsed.type,
    retryable: parsed.retryable,
    message,
    suggestions: extra.suggestions && extra.suggestions.length > 0 ? extra.suggestions : defaultSuggestions(errorType),
    errorClass: extra.errorClass ?? 'ToolError',
    ...(extra.context ? { context: extra.context } : {}),
    ...(extra.issues ? { issues: extra.issues } : {}),
  };
}

/** Node system error codes, grouped by what they mean for the model. */
const CODE_TYPES: Record<string, QualifiedErrorType> = {
  ENOENT: 'execution/not_found',
  ENOTDIR: 'execution/not_found',
  EACCES: 'execution/permission_denied',
  EPERM: 'execution/permission_denied',
  EROFS: 'execution/permission_denied',
  ETIMEDOUT: 'execution/timeout',
  ESOCKETTIMEDOUT: 'execution/timeout',
  UND_ERR_CONNECT_TIMEOUT: 'execution/timeout',
  UND_ERR_HEADERS_TIMEOUT: 'execution/timeout',
  UND_ERR_BODY_TIMEOUT: 'execution/timeout',
  ECONNREFUSED: 'execution/upstream_error',
  ECONNRESET: 'execution/upstream_error',
  ECONNABORTED: 'execution/upstream_error',
  EPIPE: 'execution/upstream_error',
  ENOTFOUND: 'execution/upstream_error',
  EAI_AGAIN: 'execution/upstream_error',
  EHOSTUNREACH: 'execution/upstream_error',
  ENETUNREACH: 'execution/upstream_error',
  UND_ERR_SOCKET: 'execution/upstream_error',
  EISDIR: 'execution/unsupported_input',
  EEXIST: 'execution/invalid_state',
  ENOTEMPTY: 'execution/invalid_state',
};

/** HTTP statuses an upstream client error may carry (`status`, `statusCode`, `response.status`). */
function httpStatusType(status: number): QualifiedErrorType | undefined {
  if (status === 429) return 'execution/rate_limited';
  if (status === 404 || status === 410) return 'execution/not_found';
  if (status === 401 || status === 403) return 'execution/permission_denied';
  if (status === 408 || status === 504) return 'execution/timeout';
  if (status === 409) return 'execution/invalid_state';
  if (status === 400 || status === 413 || status === 415 || status === 422) return 'execution/unsupported_input';
  if (status >= 500 && status <= 599) return 'execution/upstream_error';
  return undefined;
}

function readStatus(error: Record<string, unknown>): number | undefined {
  const response = error['response'];
  const candidates = [
    error['status'],
    error['statusCode'],
    response !== null && typeof response === 'object' ? (response as Record<string, unknown>)['status'] : undefined,
  ];
  for (const candidate of candidates) {
    if (typeof candidate === 'number' && Number.isInteger(candidate)) return candidate;
  }
  return undefined;
}

function className(error: unknown): string {
  if (error instanceof Error) {
    const ctorName = (error as { constructor?: { name?: string } }).constructor?.name;
    return ctorName && ctorName !== 'Error' ? ctorName : error.name;
  }
  return typeof error;
}

/** Classifies an exception thrown by a tool's `run`. `timedOut` says the SDK's own timeout fired. */
export function classifyError(error: unknown, options: { timedOut?: boolean; timeoutMs?: number } = {}): ClassifiedError {
  if (error instanceof ToolError) {
    return classification(error.qualifiedType, error.message, {
      suggestions: error.suggestions,
      ...(error.context ? { context: error.context } : {}),
      errorClass: className(error),
    });
  }
  const errorClass = className(error);
  const message = error instanceof Error ? error.message : String(error);
  if (options.timedOut) {
    const limit = options.timeoutMs === undefined ? '' : ` after ${options.timeoutMs} ms`;
    return classification('execution/timeout', `The tool did not finish${limit}.`, { errorClass });
  }
  if (error !== null && typeof error === 'object') {
    const fields = error as Record<string, unknown>;
    const name = typeof fields['name'] === 'string' ? fields['name'] : '';
    if (name === 'TimeoutError') return classification('execution/timeout', message, { errorClass });
    const code = typeof fields['code'] === 'string' ? fields['code'] : undefined;
    const byCode = code ? CODE_TYPES[code] : undefined;
    if (byCode) return classification(byCode, message, { errorClass, context: { code } });
    const status = readStatus(fields);
    const byStatus = status === undefined ? undefined : httpStatusType(status);
    if (byStatus) return classification(byStatus, message, { errorClass, context: { status } });
  }
  return classification('execution/unknown', message || errorClass, { errorClass });
}
