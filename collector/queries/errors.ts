/**
 * The error taxonomy screen: category → type → message template, with counts
 * and example calls. Postgres groups failures by exact message (cheap, and
 * the number of distinct messages is far below the number of failures); the
 * templates are then merged here, since messages that differ only in paths,
 * numbers or ids belong together.
 */
import { messageTemplate } from '../analysis/message-template.ts';
import type { Database } from '../db/client.ts';
import { ErrorTaxonomyInputSchema, type ErrorTaxonomyInput } from './inputs.ts';
import type { CallRef, ErrorCategoryGroup, ErrorTaxonomy, ErrorTypeGroup, MessageTemplateGroup } from './results.ts';
import { Params, isoRequired, rollupSource, toolCallWhere, withAnalyticsSession } from './sql.ts';

interface MessageRow {
  category: string;
  type: string;
  message: string;
  tool: string;
  failures: number;
  /** `trace:span` of one call with this message and tool (the greatest id: cheap to aggregate). */
  sample: string;
}

const toRef = (value: string): CallRef => {
  const [traceId = '', spanId = ''] = value.split(':');
  return { traceId, spanId };
};

/** Merges per-message rows into the category → type → template tree, largest first. */
export function groupByTemplate(rows: readonly MessageRow[], examplesPerTemplate: number): ErrorCategoryGroup[] {
  const categories = new Map<string, Map<string, Map<string, MessageTemplateGroup>>>();
  for (const row of rows) {
    const types = categories.get(row.category) ?? new Map<string, Map<string, MessageTemplateGroup>>();
    categories.set(row.category, types);
    const templates = types.get(row.type) ?? new Map<string, MessageTemplateGroup>();
    types.set(row.type, templates);
    const template = messageTemplate(row.message);
    const group = templates.get(template) ?? { template, failures: 0, exampleMessage: row.message || null, examples: [], tools: [] };
    templates.set(template, group);
    group.failures += row.failures;
    if (group.examples.length < examplesPerTemplate) group.examples.push(toRef(row.sample));
    if (!group.tools.includes(row.tool)) group.tools.push(row.tool);
  }
  const byFailures = <T extends { failures: number }>(a: T, b: T) => b.failures - a.failures;
  return [...categories.entries()]
    .map(([category, types]): ErrorCategoryGroup => {
      const typeGroups = [...types.entries()]
        .map(([type, templates]): ErrorTypeGroup => {
          const list = [...templates.values()].sort(byFailures);
          for (const t of list) t.tools.sort();
          return { type, failures: list.reduce((s, t) => s + t.failures, 0), templates: list };
        })
        .sort(byFailures);
      return { category, failures: typeGroups.reduce((s, t) => s + t.failures, 0), types: typeGroups };
    })
    .sort(byFailures);
}

export async function getErrorTaxonomy(db: Database, rawInput: ErrorTaxonomyInput): Promise<ErrorTaxonomy> {
  const input = ErrorTaxonomyInputSchema.parse(rawInput);
  const params = new Params();
  let where = toolCallWhere(params, input);
  if (input.category) where += ` AND t.error_category = ${params.add(input.category)}`;
  const callParams = new Params();
  const [messages, calls] = await Promise.all([
    withAnalyticsSession(db, (client) => client.query<MessageRow>(
      `SELECT coalesce(t.error_category, 'execution') AS category,
              coalesce(t.error_type, 'unknown') AS type,
              coalesce(t.error_message, '') AS message,
              t.tool_name AS tool,
              count(*)::float8 AS failures,
              max(t.trace_id || ':' || t.span_id) AS sample
         FROM tool_calls t
        WHERE ${where} AND t.outcome = 'failure'
        -- Plain aggregates over all four keys let Postgres hash-group (no sorting of messages).
        GROUP BY 1, 2, 3, 4`,
      params.values,
    )),
    db.pool.query<{ calls: number }>(
      `SELECT coalesce(sum(r.calls), 0)::float8 AS calls FROM ${rollupSource(callParams, input)}`,
      callParams.values,
    ),
  ]);
  const categories = groupByTemplate(messages.rows, input.examplesPerTemplate);
  return {
    from: isoRequired(input.from),
    to: isoRequired(input.to),
    failures: categories.reduce((sum, c) => sum + c.failures, 0),
    calls: calls.rows[0]!.calls,
    categories,
  };
}
