-- Backfill: runs stored before unresolved_calls existed count their tool calls
-- that still lack agent, model or session, so later spans can resolve them.
UPDATE "runs" r
   SET "unresolved_calls" = u.n
  FROM (
    SELECT "project_id", "trace_id", count(*) AS n
      FROM "tool_calls"
     WHERE "agent_name" IS NULL OR "model_name" IS NULL OR "session_id" IS NULL
     GROUP BY "project_id", "trace_id"
  ) u
 WHERE r."project_id" = u."project_id" AND r."trace_id" = u."trace_id";
