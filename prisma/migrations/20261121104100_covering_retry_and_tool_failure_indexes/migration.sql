-- Same idea as covering_failures_index, for the retry screen (retries by reason over a range) and a
-- tool's page (its error types): the partial indexes carry the columns those aggregates read, so
-- they are answered by index-only scans instead of one heap visit per retried or failed call.
-- schema.prisma declares both indexes with the same names, keys and predicates, without INCLUDE.
DROP INDEX IF EXISTS "tool_calls_retries_idx";
CREATE INDEX "tool_calls_retries_idx" ON "tool_calls"("project_id", "started_at")
  INCLUDE ("retry_reason", "outcome", "tool_name", "agent_name", "model_name")
  WHERE (attempt > 1);
DROP INDEX IF EXISTS "tool_calls_tool_failures_idx";
CREATE INDEX "tool_calls_tool_failures_idx" ON "tool_calls"("project_id", "tool_name", "started_at")
  INCLUDE ("error_category", "error_type", "agent_name", "model_name")
  WHERE (outcome = 'failure');
