-- Keeps tool_call_rollups_hourly and model_turn_rollups in step with what ingest writes, in the
-- same transaction, without ingest knowing about them: statement-level triggers fold each
-- statement's new (and, for updates, old) rows into the coarser tables.
--
-- tool_call_rollups: ingest upserts minute rows (INSERT … ON CONFLICT DO UPDATE adds to them,
-- and subtracts when a call's agent or model is resolved later). The hourly row gets the same
-- change: the sum of the statement's new rows minus the sum of the old ones, per hour.
-- Deletes are not mirrored: retention deletes minute and hourly rows with the same cutoff.
--
-- The histogram has 16 counters (collector/analysis/latency-histogram.ts: LATENCY_BUCKET_COUNT).

CREATE FUNCTION toolscope_rollups_hourly_after_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO tool_call_rollups_hourly AS h (project_id, bucket, tool_name, agent_name, model_name, calls, failures, fail_selection, fail_arguments, fail_execution, fail_protocol, fail_orchestration, retries, refusals, duration_sum_ms, latency_histogram)
    SELECT n.project_id, date_trunc('hour', n.bucket), n.tool_name, n.agent_name, n.model_name,
           sum(n.calls),
           sum(n.failures),
           sum(n.fail_selection),
           sum(n.fail_arguments),
           sum(n.fail_execution),
           sum(n.fail_protocol),
           sum(n.fail_orchestration),
           sum(n.retries),
           sum(n.refusals),
           sum(n.duration_sum_ms),
           ARRAY[coalesce(sum(n.latency_histogram[1]), 0), coalesce(sum(n.latency_histogram[2]), 0), coalesce(sum(n.latency_histogram[3]), 0), coalesce(sum(n.latency_histogram[4]), 0), coalesce(sum(n.latency_histogram[5]), 0), coalesce(sum(n.latency_histogram[6]), 0), coalesce(sum(n.latency_histogram[7]), 0), coalesce(sum(n.latency_histogram[8]), 0), coalesce(sum(n.latency_histogram[9]), 0), coalesce(sum(n.latency_histogram[10]), 0), coalesce(sum(n.latency_histogram[11]), 0), coalesce(sum(n.latency_histogram[12]), 0), coalesce(sum(n.latency_histogram[13]), 0), coalesce(sum(n.latency_histogram[14]), 0), coalesce(sum(n.latency_histogram[15]), 0), coalesce(sum(n.latency_histogram[16]), 0)]::int[]
      FROM new_rows n
     GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (project_id, bucket, tool_name, agent_name, model_name) DO UPDATE SET
    calls = h.calls + EXCLUDED.calls,
    failures = h.failures + EXCLUDED.failures,
    fail_selection = h.fail_selection + EXCLUDED.fail_selection,
    fail_arguments = h.fail_arguments + EXCLUDED.fail_arguments,
    fail_execution = h.fail_execution + EXCLUDED.fail_execution,
    fail_protocol = h.fail_protocol + EXCLUDED.fail_protocol,
    fail_orchestration = h.fail_orchestration + EXCLUDED.fail_orchestration,
    retries = h.retries + EXCLUDED.retries,
    refusals = h.refusals + EXCLUDED.refusals,
    duration_sum_ms = h.duration_sum_ms + EXCLUDED.duration_sum_ms,
    latency_histogram = (SELECT array_agg(coalesce(a, 0) + coalesce(b, 0) ORDER BY i)
                           FROM unnest(h.latency_histogram, EXCLUDED.latency_histogram) WITH ORDINALITY AS u(a, b, i));
  RETURN NULL;
END
$fn$;

CREATE FUNCTION toolscope_rollups_hourly_after_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO tool_call_rollups_hourly AS h (project_id, bucket, tool_name, agent_name, model_name, calls, failures, fail_selection, fail_arguments, fail_execution, fail_protocol, fail_orchestration, retries, refusals, duration_sum_ms, latency_histogram)
    SELECT d.project_id, date_trunc('hour', d.bucket), d.tool_name, d.agent_name, d.model_name,
           sum(d.calls),
           sum(d.failures),
           sum(d.fail_selection),
           sum(d.fail_arguments),
           sum(d.fail_execution),
           sum(d.fail_protocol),
           sum(d.fail_orchestration),
           sum(d.retries),
           sum(d.refusals),
           sum(d.duration_sum_ms),
           ARRAY[coalesce(sum(d.latency_histogram[1]), 0), coalesce(sum(d.latency_histogram[2]), 0), coalesce(sum(d.latency_histogram[3]), 0), coalesce(sum(d.latency_histogram[4]), 0), coalesce(sum(d.latency_histogram[5]), 0), coalesce(sum(d.latency_histogram[6]), 0), coalesce(sum(d.latency_histogram[7]), 0), coalesce(sum(d.latency_histogram[8]), 0), coalesce(sum(d.latency_histogram[9]), 0), coalesce(sum(d.latency_histogram[10]), 0), coalesce(sum(d.latency_histogram[11]), 0), coalesce(sum(d.latency_histogram[12]), 0), coalesce(sum(d.latency_histogram[13]), 0), coalesce(sum(d.latency_histogram[14]), 0), coalesce(sum(d.latency_histogram[15]), 0), coalesce(sum(d.latency_histogram[16]), 0)]::int[]
      FROM (
        SELECT n.project_id, n.bucket, n.tool_name, n.agent_name, n.model_name, n.calls, n.failures, n.fail_selection, n.fail_arguments, n.fail_execution, n.fail_protocol, n.fail_orchestration, n.retries, n.refusals, n.duration_sum_ms, n.latency_histogram
          FROM new_rows n
        UNION ALL
        SELECT o.project_id, o.bucket, o.tool_name, o.agent_name, o.model_name, -o.calls, -o.failures, -o.fail_selection, -o.fail_arguments, -o.fail_execution, -o.fail_protocol, -o.fail_orchestration, -o.retries, -o.refusals, -o.duration_sum_ms,
               (SELECT array_agg(-x ORDER BY i) FROM unnest(o.latency_histogram) WITH ORDINALITY AS u(x, i))
          FROM old_rows o
      ) d
     GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (project_id, bucket, tool_name, agent_name, model_name) DO UPDATE SET
    calls = h.calls + EXCLUDED.calls,
    failures = h.failures + EXCLUDED.failures,
    fail_selection = h.fail_selection + EXCLUDED.fail_selection,
    fail_arguments = h.fail_arguments + EXCLUDED.fail_arguments,
    fail_execution = h.fail_execution + EXCLUDED.fail_execution,
    fail_protocol = h.fail_protocol + EXCLUDED.fail_protocol,
    fail_orchestration = h.fail_orchestration + EXCLUDED.fail_orchestration,
    retries = h.retries + EXCLUDED.retries,
    refusals = h.refusals + EXCLUDED.refusals,
    duration_sum_ms = h.duration_sum_ms + EXCLUDED.duration_sum_ms,
    latency_histogram = (SELECT array_agg(coalesce(a, 0) + coalesce(b, 0) ORDER BY i)
                           FROM unnest(h.latency_histogram, EXCLUDED.latency_histogram) WITH ORDINALITY AS u(a, b, i));
  RETURN NULL;
END
$fn$;

CREATE TRIGGER tool_call_rollups_hourly_on_insert AFTER INSERT ON tool_call_rollups
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION toolscope_rollups_hourly_after_insert();
CREATE TRIGGER tool_call_rollups_hourly_on_update AFTER UPDATE ON tool_call_rollups
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION toolscope_rollups_hourly_after_update();

-- run_spans: model turns are counted when inserted, and moved when ingest later fills in their
-- agent or model (or their error) with an UPDATE.
CREATE FUNCTION toolscope_model_turns_after_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO model_turn_rollups AS m (project_id, bucket, agent_name, model_name, turns, refusals)
    SELECT n.project_id, date_trunc('minute', n.started_at), coalesce(n.agent_name, ''), coalesce(n.model_name, ''),
           count(*), count(*) FILTER (WHERE n.error_category = 'protocol' AND n.error_type = 'refusal')
      FROM new_rows n WHERE n.kind = 'model'
     GROUP BY 1, 2, 3, 4
  ON CONFLICT (project_id, bucket, agent_name, model_name) DO UPDATE SET
    turns = m.turns + EXCLUDED.turns, refusals = m.refusals + EXCLUDED.refusals;
  RETURN NULL;
END
$fn$;

CREATE FUNCTION toolscope_model_turns_after_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO model_turn_rollups AS m (project_id, bucket, agent_name, model_name, turns, refusals)
    SELECT d.project_id, date_trunc('minute', d.started_at), d.agent_name, d.model_name, sum(d.turns), sum(d.refusals)
      FROM (
        SELECT n.project_id, n.started_at, coalesce(n.agent_name, '') AS agent_name, coalesce(n.model_name, '') AS model_name,
               1 AS turns, (n.error_category = 'protocol' AND n.error_type = 'refusal')::int AS refusals
          FROM new_rows n WHERE n.kind = 'model'
        UNION ALL
        SELECT o.project_id, o.started_at, coalesce(o.agent_name, ''), coalesce(o.model_name, ''),
               -1, -((o.error_category = 'protocol' AND o.error_type = 'refusal')::int)
          FROM old_rows o WHERE o.kind = 'model'
      ) d
     GROUP BY 1, 2, 3, 4
    HAVING sum(d.turns) <> 0 OR sum(d.refusals) <> 0
  ON CONFLICT (project_id, bucket, agent_name, model_name) DO UPDATE SET
    turns = m.turns + EXCLUDED.turns, refusals = m.refusals + EXCLUDED.refusals;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER model_turn_rollups_on_insert AFTER INSERT ON run_spans
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION toolscope_model_turns_after_insert();
CREATE TRIGGER model_turn_rollups_on_update AFTER UPDATE ON run_spans
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION toolscope_model_turns_after_update();

-- Backfill from what is already stored.
INSERT INTO tool_call_rollups_hourly (project_id, bucket, tool_name, agent_name, model_name, calls, failures, fail_selection, fail_arguments, fail_execution, fail_protocol, fail_orchestration, retries, refusals, duration_sum_ms, latency_histogram)
SELECT r.project_id, date_trunc('hour', r.bucket), r.tool_name, r.agent_name, r.model_name,
       sum(r.calls),
           sum(r.failures),
           sum(r.fail_selection),
           sum(r.fail_arguments),
           sum(r.fail_execution),
           sum(r.fail_protocol),
           sum(r.fail_orchestration),
           sum(r.retries),
           sum(r.refusals),
           sum(r.duration_sum_ms),
       ARRAY[coalesce(sum(r.latency_histogram[1]), 0), coalesce(sum(r.latency_histogram[2]), 0), coalesce(sum(r.latency_histogram[3]), 0), coalesce(sum(r.latency_histogram[4]), 0), coalesce(sum(r.latency_histogram[5]), 0), coalesce(sum(r.latency_histogram[6]), 0), coalesce(sum(r.latency_histogram[7]), 0), coalesce(sum(r.latency_histogram[8]), 0), coalesce(sum(r.latency_histogram[9]), 0), coalesce(sum(r.latency_histogram[10]), 0), coalesce(sum(r.latency_histogram[11]), 0), coalesce(sum(r.latency_histogram[12]), 0), coalesce(sum(r.latency_histogram[13]), 0), coalesce(sum(r.latency_histogram[14]), 0), coalesce(sum(r.latency_histogram[15]), 0), coalesce(sum(r.latency_histogram[16]), 0)]::int[]
  FROM tool_call_rollups r
 GROUP BY 1, 2, 3, 4, 5;

INSERT INTO model_turn_rollups (project_id, bucket, agent_name, model_name, turns, refusals)
SELECT s.project_id, date_trunc('minute', s.started_at), coalesce(s.agent_name, ''), coalesce(s.model_name, ''),
       count(*), count(*) FILTER (WHERE s.error_category = 'protocol' AND s.error_type = 'refusal')
  FROM run_spans s WHERE s.kind = 'model'
 GROUP BY 1, 2, 3, 4;
