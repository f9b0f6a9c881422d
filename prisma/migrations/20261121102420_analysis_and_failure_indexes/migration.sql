-- CreateIndex
CREATE INDEX "tool_calls_failures_idx" ON "tool_calls"("project_id", "started_at") WHERE (outcome = 'failure');

-- CreateIndex
CREATE INDEX "tool_calls_tool_failures_idx" ON "tool_calls"("project_id", "tool_name", "started_at") WHERE (outcome = 'failure');

-- CreateIndex
CREATE INDEX "tool_calls_retries_idx" ON "tool_calls"("project_id", "started_at") WHERE (attempt > 1);

-- CreateIndex
CREATE INDEX "runs_pending_analysis_idx" ON "runs"("last_span_at") WHERE (analyzed_at IS NULL OR analyzed_at < last_span_at OR NOT root_ended);
