/**
 * What each read model returns, shaped like the screen that shows it. Every
 * value is plain JSON (timestamps as ISO strings), so the same object feeds a
 * server component, a client chart and the HTTP API.
 */

/** Identifies one tool call. */
/** Names seen in a range, for the filter pickers; each list sorted. */
export interface FilterOptions {
  agents: string[];
  models: string[];
  tools: string[];
}

export interface CallRef {
  traceId: string;
  spanId: string;
}

/** Latency percentiles are estimated from the shared histogram buckets. */
export interface CallStats {
  calls: number;
  failures: number;
  /** successes / calls; null without calls. */
  accuracyRate: number | null;
  /** failures / calls; null without calls. */
  failureRate: number | null;
  p50Ms: number | null;
  p95Ms: number | null;
  avgDurationMs: number | null;
  /** Calls with attempt > 1. */
  retries: number;
  /** Tool calls that failed as protocol/refusal. */
  refusals: number;
}

export interface SeriesPoint {
  /** Start of the bucket. */
  bucket: string;
  calls: number;
  failures: number;
  accuracyRate: number | null;
}

export interface CategoryCount {
  category: string;
  failures: number;
}

export interface ToolStats extends CallStats {
  tool: string;
  /** Wilson 95% lower bound of the failure rate: what problem tools are ranked by. */
  failureRateLowerBound: number;
}

export interface Overview {
  from: string;
  to: string;
  bucketSeconds: number;
  totals: CallStats & {
    /** Tool-call refusals plus model turns that refused. */
    refusalsTotal: number;
    /** refusalsTotal / (model turns, or tool calls when no model turns were recorded). */
    refusalRate: number | null;
  };
  series: SeriesPoint[];
  failuresByCategory: CategoryCount[];
  problemTools: ToolStats[];
}

export interface ToolsList {
  from: string;
  to: string;
  tools: ToolStats[];
}

export interface LatencyBucket {
  /** Inclusive upper bound in ms; null for the open-ended last bucket. */
  upperBoundMs: number | null;
  lowerBoundMs: number;
  count: number;
}

export interface ErrorTypeCount {
  category: string;
  type: string;
  failures: number;
}

export interface RetryReasonCount {
  /** The error type that caused the retry (e.g. `execution/timeout`); `unknown` when not recorded. */
  reason: string;
  retries: number;
  /** Of those retries, how many succeeded. */
  succeeded: number;
}

export interface FailingCall extends CallRef {
  tool: string;
  startedAt: string;
  durationMs: number;
  errorCategory: string | null;
  errorType: string | null;
  errorMessage: string | null;
  /** Arguments with secrets redacted again on the way out, truncated. */
  arguments: string | null;
  agent: string | null;
  model: string | null;
  attempt: number;
}

export interface ToolDetail {
  from: string;
  to: string;
  bucketSeconds: number;
  stats: ToolStats;
  series: SeriesPoint[];
  errorTypes: ErrorTypeCount[];
  latencyHistogram: LatencyBucket[];
  retriesByReason: RetryReasonCount[];
  recentFailures: FailingCall[];
}

export interface MessageTemplateGroup {
  /** Message with paths, numbers, ids and quoted values replaced by placeholders. */
  template: string;
  failures: number;
  /** One real message of the group. */
  exampleMessage: string | null;
  examples: CallRef[];
  tools: string[];
}

export interface ErrorTypeGroup {
  type: string;
  failures: number;
  templates: MessageTemplateGroup[];
}

export interface ErrorCategoryGroup {
  category: string;
  failures: number;
  types: ErrorTypeGroup[];
}

export interface ErrorTaxonomy {
  from: string;
  to: string;
  failures: number;
  calls: number;
  categories: ErrorCategoryGroup[];
}

export interface RefusalCount {
  agent: string | null;
  modelTurns: number;
  refusals: number;
  rate: number | null;
}

export interface RetriesAndRefusals {
  from: string;
  to: string;
  retries: {
    calls: number;
    retries: number;
    /** retries / calls. */
    rate: number | null;
    byReason: RetryReasonCount[];
  };
  refusals: {
    toolCalls: number;
    toolCallRefusals: number;
    modelTurns: number;
    modelTurnRefusals: number;
    /** (tool-call + model-turn refusals) / (model turns, or tool calls when none). */
    rate: number | null;
    byAgent: RefusalCount[];
  };
}

export interface IncidentItem {
  id: string;
  traceId: string;
  kind: string;
  type: string;
  source: string;
  agent: string | null;
  tools: string[];
  spanIds: string[];
  length: number;
  wastedMs: number;
  message: string;
  detail: unknown;
  startedAt: string;
  detectedAt: string;
  updatedAt: string;
}

export interface IncidentsList {
  incidents: IncidentItem[];
  /** Opaque cursor: pass as `before` for the next page; null on the last page. */
  nextBefore: string | null;
}

export interface RunSummary {
  traceId: string;
  agent: string | null;
  sessionId: string | null;
  startedAt: string;
  endedAt: string;
  durationMs: number;
  toolCalls: number;
  failures: number;
  incidents: number;
  complete: boolean;
  analyzedAt: string | null;
}

export interface RunsList {
  runs: RunSummary[];
  /** Opaque cursor: pass as `before` for the next page; null on the last page. */
  nextBefore: string | null;
}

export interface TimelineEntry {
  kind: 'tool' | 'agent' | 'model' | 'chain';
  spanId: string;
  parentSpanId: string | null;
  name: string;
  /** Tool name for tool calls; model for model turns; agent for agent spans. */
  label: string;
  startedAt: string;
  endedAt: string;
  /** Milliseconds since the run started. */
  offsetMs: number;
  durationMs: number;
  outcome: 'success' | 'failure';
  errorCategory: string | null;
  errorType: string | null;
  errorMessage: string | null;
  refusal: boolean;
  attempt: number;
  retryReason: string | null;
  firstAttemptSpanId: string | null;
  arguments: string | null;
  result: string | null;
  /** What the tool told the model to do next (from the error's suggestions). */
  suggestions: string[];
  /** Incidents this span belongs to. */
  incidentIds: string[];
}

export interface RunDetail {
  run: RunSummary;
  timeline: TimelineEntry[];
  incidents: IncidentItem[];
}

export interface ContractItem {
  id: string;
  agent: string;
  enabled: boolean;
  definition: {
    requiredTools?: string[];
    requiredSuccess?: string[];
    dependsOn?: Record<string, string | string[]>;
    nextRequired?: Record<string, string | string[]>;
  };
  createdAt: string;
  updatedAt: string;
}

export interface AlertRuleItem {
  id: string;
  name: string;
  enabled: boolean;
  scopeType: 'all' | 'tool' | 'agent';
  scopeValue: string | null;
  metric: 'failure_rate' | 'failures' | 'p95_latency' | 'loop_incidents' | 'refusal_rate';
  windowSeconds: number;
  condition: 'threshold' | 'spike';
  threshold: number | null;
  baselineWindowSeconds: number | null;
  spikeFactor: number | null;
  minCalls: number;
  cooldownSeconds: number;
  state: 'ok' | 'firing';
  lastEvaluatedAt: string | null;
  lastFiredAt: string | null;
  webhookIds: string[];
  createdAt: string;
  updatedAt: string;
}

export interface AlertEventItem {
  id: string;
  ruleId: string;
  ruleName: string;
  kind: 'firing' | 'resolved';
  value: number;
  baseline: number | null;
  threshold: number | null;
  calls: number;
  exampleCalls: unknown;
  message: string;
  createdAt: string;
}

export interface WebhookItem {
  id: string;
  name: string;
  url: string;
  format: 'slack' | 'json';
  /** Whether a signing secret is set; the secret itself is never read back. */
  signed: boolean;
  enabled: boolean;
  createdAt: string;
}

export interface WebhookDeliveryItem {
  id: string;
  eventId: string;
  webhookId: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
}
