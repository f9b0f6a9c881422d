/**
 * The error taxonomy: one enum of category → type, owned by the SDK and
 * imported by the collector. `error.type` on a span is written `category/type`.
 */
import { z } from 'zod';

export interface ErrorTypeInfo {
  /** Whether retrying the same call unchanged may succeed. */
  readonly retryable: boolean;
  /** One line for humans: what this type means. */
  readonly description: string;
}

export const TAXONOMY = {
  selection: {
    unknown_tool: { retryable: false, description: 'The model named a tool that does not exist.' },
    tool_not_allowed: { retryable: false, description: 'The model named a tool it may not use here.' },
  },
  arguments: {
    invalid_json: { retryable: false, description: 'The arguments were not valid JSON.' },
    schema_violation: { retryable: false, description: "The arguments did not match the tool's schema." },
    unsafe_argument: { retryable: false, description: 'An argument was unsafe (path traversal, injection, …).' },
  },
  execution: {
    not_found: { retryable: false, description: 'The thing the tool was asked for does not exist.' },
    permission_denied: { retryable: false, description: 'The tool was not allowed to do this.' },
    timeout: { retryable: true, description: 'The tool did not finish in time.' },
    rate_limited: { retryable: true, description: 'An upstream service throttled the tool.' },
    upstream_error: { retryable: true, description: 'An upstream service failed.' },
    invalid_state: { retryable: false, description: 'The tool could not act in the current state.' },
    unsupported_input: { retryable: false, description: 'The input was valid but not supported.' },
    unknown: { retryable: false, description: 'An unclassified exception.' },
  },
  protocol: {
    no_tool_call: { retryable: true, description: 'The model was required to call a tool and did not.' },
    parse_error: { retryable: true, description: "The model's tool call could not be parsed." },
    refusal: { retryable: false, description: 'The model refused to act.' },
  },
  orchestration: {
    loop: { retryable: false, description: 'The agent repeated itself without progress.' },
    max_iterations: { retryable: false, description: 'The run went past its iteration limit.' },
    cost_limit: { retryable: false, description: 'The run went past its cost limit.' },
    missing_required_tool: { retryable: false, description: 'A required tool was not called (successfully).' },
    order_violation: { retryable: false, description: 'Tools were called out of the required order.' },
  },
} as const satisfies Record<string, Record<string, ErrorTypeInfo>>;

export type ErrorCategory = keyof typeof TAXONOMY;
export type ErrorTypeOf<C extends ErrorCategory> = keyof (typeof TAXONOMY)[C] & string;
/** `category/type`, e.g. `execution/not_found`. */
export type QualifiedErrorType = { [C in ErrorCategory]: `${C}/${ErrorTypeOf<C>}` }[ErrorCategory];

export const ERROR_CATEGORIES = Object.keys(TAXONOMY) as ErrorCategory[];

export const ErrorCategorySchema = z.enum(ERROR_CATEGORIES as [ErrorCategory, ...ErrorCategory[]]);

/** Every qualified type, in taxonomy order. */
export const QUALIFIED_ERROR_TYPES: readonly QualifiedErrorType[] = ERROR_CATEGORIES.flatMap((category) =>
  Object.keys(TAXONOMY[category]).map((type) => `${category}/${type}` as QualifiedErrorType),
);

export interface ParsedErrorType {
  category: ErrorCategory;
  type: string;
  retryable: boolean;
}

/** Splits `category/type`; returns undefined for anything outside the taxonomy. */
export function parseErrorType(value: string): ParsedErrorType | undefined {
  const slash = value.indexOf('/');
  if (slash <= 0) return undefined;
  const category = value.slice(0, slash);
  const type = value.slice(slash + 1);
  if (!(category in TAXONOMY)) return undefined;
  const types = TAXONOMY[category as ErrorCategory] as Record<string, ErrorTypeInfo>;
  const info = types[type];
  if (!info) return undefined;
  return { category: category as ErrorCategory, type, retryable: info.retryable };
}

export function isRetryable(qualified: QualifiedErrorType): boolean {
  return parseErrorType(qualified)?.retryable ?? false;
}
