-- New model turns go to model_turn_rollup_deltas instead of upserting
-- model_turn_rollups in the ingest transaction: the upsert locked rows that
-- every concurrent request shares until its COMMIT, serialising ingest.
-- collector/ingest/fold-rollups.ts folds the deltas into model_turn_rollups.
CREATE OR REPLACE FUNCTION toolscope_model_turns_after_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO model_turn_rollup_deltas (project_id, bucket, agent_name, model_name, turns, refusals)
    SELECT n.project_id, date_trunc('minute', n.started_at), coalesce(n.agent_name, ''), coalesce(n.model_name, ''),
           count(*), count(*) FILTER (WHERE n.error_category = 'protocol' AND n.error_type = 'refusal')
      FROM new_rows n WHERE n.kind = 'model'
     GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END
$fn$;
