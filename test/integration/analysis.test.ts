/**
 * The analysis worker and retention on real Postgres: loops become incidents
 * that grow instead of multiplying, contracts are judged once a run is
 * complete, SDK verdicts are kept, and old raw rows go while rollups stay.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { upsertContract } from '../../collector/analysis/contracts.ts';
import { enforceRetention } from '../../collector/analysis/retention.ts';
import { startAnalysisWorker } from '../../collector/analysis/worker.ts';
import { openDatabase } from '../../collector/db/client.ts';
import { listIncidents } from '../../collector/queries/index.ts';
import { rebuildRollups } from '../support/rollups-from-raw.ts';
import { insertRunSpans, insertToolCalls, newSpanId, newTraceId, syncRuns } from '../support/seed-rows.ts';

const db = openDatabase(inject('databaseUrl'), { max: 4 });
let projectId: string;
const t0 = new Date(Date.now() - 10 * 60_000);
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const range = () => ({ from: new Date(t0.getTime() - 3600_000), to: new Date(Date.now() + 3600_000) });
// A long interval: tests drive the worker with runOnce().
const worker = () => startAnalysisWorker({ db, intervalMs: 3_600_000, quietPeriodMs: 60_000, commitMarginMs: 0 });

beforeAll(async () => {
  projectId = (await db.prisma.project.create({ data: { name: `analysis-${Date.now()}` } })).id;
});
afterAll(() => db.close());

async function drain(w: ReturnType<typeof worker>): Promise<void> {
  while ((await w.runOnce()) > 0);
}

describe('loop incidents', () => {
  it('records a same-tool streak once and updates it as the run grows', async () => {
    const traceId = newTraceId();
    const w = worker();
    try {
      await insertToolCalls(
        db.pool,
        projectId,
        Array.from({ length: 6 }, (_, i) => ({
          traceId,
          tool: 'search_files',
          arguments: JSON.stringify({ query: `q${i}` }),
          startedAt: at(i),
          durationMs: 100,
          agent: 'coder',
        })),
      );
      await syncRuns(db.pool, projectId);
      await drain(w);
      let { incidents } = await listIncidents(db, { projectId, ...range(), traceId });
      expect(incidents).toMatchObject([{ kind: 'loop', type: 'same_tool', source: 'collector', length: 6, wastedMs: 500 }]);
      const firstId = incidents[0]!.id;

      await insertToolCalls(
        db.pool,
        projectId,
        [6, 7].map((i) => ({ traceId, tool: 'search_files', arguments: JSON.stringify({ query: `q${i}` }), startedAt: at(i), durationMs: 100, agent: 'coder' })),
      );
      await syncRuns(db.pool, projectId);
      await drain(w);
      ({ incidents } = await listIncidents(db, { projectId, ...range(), traceId }));
      expect(incidents).toHaveLength(1);
      expect(incidents[0]).toMatchObject({ id: firstId, length: 8, wastedMs: 700 });
      expect(incidents[0]!.spanIds).toHaveLength(8);
    } finally {
      await w.stop();
    }
  });

  it('does not count the retries of one call as a loop', async () => {
    const traceId = newTraceId();
    const w = worker();
    try {
      // web_fetch failed twice on 503 and succeeded on the third attempt: one call, retried by policy.
      await insertToolCalls(
        db.pool,
        projectId,
        [1, 2, 3].map((attempt) => ({
          traceId,
          tool: 'web_fetch',
          arguments: JSON.stringify({ url: 'https://example.test/a' }),
          startedAt: at(300 + attempt),
          attempt,
          outcome: attempt < 3 ? ('failure' as const) : ('success' as const),
          ...(attempt < 3 ? { errorCategory: 'execution', errorType: 'upstream_error' } : {}),
          ...(attempt > 1 ? { retryReason: 'execution/upstream_error' } : {}),
          agent: 'coder',
        })),
      );
      await syncRuns(db.pool, projectId);
      await drain(w);
      const { incidents } = await listIncidents(db, { projectId, ...range(), traceId });
      expect(incidents).toEqual([]);
    } finally {
      await w.stop();
    }
  });

  it('finds identical calls and cycles, and notes the SDK verdict on the same loop instead of a second incident', async () => {
    const traceId = newTraceId();
    const root = newSpanId();
    const calls = ['plan', 'edit', 'plan', 'edit', 'plan', 'edit'].map((tool, i) => ({
      traceId,
      parentSpanId: root,
      tool,
      arguments: JSON.stringify({ step: i }),
      startedAt: at(100 + i),
      agent: 'coder',
    }));
    const reads = [0, 1, 2].map((i) => ({
      traceId,
      parentSpanId: root,
      tool: 'read_file',
      arguments: '{"path":"a.txt"}',
      startedAt: at(110 + i * 2),
      agent: 'coder',
    }));
    // The SDK's guard (a lower threshold than the collector's) stopped two writes in a row.
    const writes = [0, 1].map((i) => ({
      traceId,
      parentSpanId: root,
      tool: 'write_file',
      arguments: JSON.stringify({ path: `out-${i}.txt` }),
      startedAt: at(120 + i),
      agent: 'coder',
    }));
    const spanIds = await insertToolCalls(db.pool, projectId, [...calls, ...reads, ...writes]);
    await insertRunSpans(db.pool, projectId, [
      {
        traceId,
        spanId: root,
        kind: 'agent',
        agent: 'coder',
        startedAt: at(99),
        durationMs: 30_000,
        attributes: {
          'toolscope.loop.verdicts': [
            { type: 'cycle', tools: ['plan', 'edit'], length: 6, spanIds: spanIds.slice(0, 6), message: 'plan → edit ×3' },
            { type: 'same_tool', tools: ['write_file'], length: 2, spanIds: spanIds.slice(9, 11), message: 'write_file twice in a row' },
          ],
        },
      },
    ]);
    await syncRuns(db.pool, projectId);
    const w = worker();
    try {
      await drain(w);
    } finally {
      await w.stop();
    }
    const { incidents } = await listIncidents(db, { projectId, ...range(), traceId });
    const summary = incidents.map((i) => [i.source, i.type, i.length]).sort();
    // The SDK saw the same cycle: one incident, which notes the SDK's verdict.
    // A verdict only the SDK reached is an incident of its own.
    expect(summary).toEqual([
      ['collector', 'cycle', 6],
      ['collector', 'identical_calls', 3],
      ['sdk', 'same_tool', 2],
    ]);
    expect(incidents.find((i) => i.type === 'cycle')!.detail).toMatchObject({ sdkVerdict: { type: 'cycle', message: 'plan → edit ×3' } });
    const loopsOnly = await listIncidents(db, { projectId, ...range(), traceId, kind: 'contract' });
    expect(loopsOnly.incidents).toEqual([]);
  });
});

describe('contract incidents', () => {
  it('judges a run only once it is complete, and drops violations fixed by later spans', async () => {
    await upsertContract(db, {
      projectId,
      agent: 'reviewer',
      definition: {
        requiredSuccess: ['generate_testbench', 'run_simulation'],
        nextRequired: { generate_testbench: 'run_simulation' },
      },
    });
    const traceId = newTraceId();
    const root = newSpanId();
    await insertToolCalls(db.pool, projectId, [
      { traceId, parentSpanId: root, tool: 'generate_testbench', startedAt: at(200), agent: 'reviewer' },
    ]);
    await syncRuns(db.pool, projectId);
    const w = worker();
    try {
      // Root not ended and the run is not quiet yet: no verdict.
      await drain(w);
      expect((await listIncidents(db, { projectId, ...range(), traceId, kind: 'contract' })).incidents).toEqual([]);

      await insertRunSpans(db.pool, projectId, [{ traceId, spanId: root, kind: 'agent', agent: 'reviewer', startedAt: at(199), durationMs: 5000 }]);
      await syncRuns(db.pool, projectId);
      await drain(w);
      let { incidents } = await listIncidents(db, { projectId, ...range(), traceId, kind: 'contract' });
      expect(incidents.map((i) => [i.type, i.tools[0]]).sort()).toEqual([
        ['next_required', 'run_simulation'],
        ['required', 'run_simulation'],
      ]);
      expect((incidents[0]!.detail as { next: string }).next).toMatch(/run_simulation/);

      // The simulation arrives late: the violations no longer hold and go.
      await insertToolCalls(db.pool, projectId, [
        { traceId, parentSpanId: root, tool: 'run_simulation', startedAt: at(203), agent: 'reviewer' },
      ]);
      await syncRuns(db.pool, projectId);
      await drain(w);
      ({ incidents } = await listIncidents(db, { projectId, ...range(), traceId, kind: 'contract' }));
      expect(incidents).toEqual([]);
    } finally {
      await w.stop();
    }
  });

  it('judges a run without a root span once it has been quiet long enough', async () => {
    const traceId = newTraceId();
    await insertToolCalls(db.pool, projectId, [
      { traceId, parentSpanId: newSpanId(), tool: 'generate_testbench', startedAt: at(300), agent: 'reviewer' },
    ]);
    await syncRuns(db.pool, projectId);
    await db.pool.query(`UPDATE runs SET last_span_at = now() - interval '2 minutes' WHERE project_id = $1 AND trace_id = $2`, [projectId, traceId]);
    const w = worker();
    try {
      await drain(w);
    } finally {
      await w.stop();
    }
    const { incidents } = await listIncidents(db, { projectId, ...range(), traceId, kind: 'contract' });
    expect(incidents.map((i) => i.type).sort()).toEqual(['next_required', 'required']);
  });
});

describe('enforceRetention', () => {
  it('deletes raw rows past the project retention in batches and keeps the rollups', async () => {
    const project = await db.prisma.project.create({ data: { name: `retention-${Date.now()}`, retentionDays: 7 } });
    const old = new Date(Date.now() - 10 * 86_400_000);
    const recent = new Date(Date.now() - 86_400_000);
    const oldTrace = newTraceId();
    await insertToolCalls(db.pool, project.id, [
      ...Array.from({ length: 25 }, (_, i) => ({ traceId: oldTrace, tool: 'search', startedAt: new Date(old.getTime() + i) })),
      { traceId: newTraceId(), tool: 'search', startedAt: recent },
    ]);
    await insertRunSpans(db.pool, project.id, [{ traceId: oldTrace, kind: 'agent', startedAt: old }]);
    await syncRuns(db.pool, project.id);
    await rebuildRollups(db.pool, project.id);

    const result = await enforceRetention(db, { batchSize: 10 });
    expect(result.toolCalls).toBeGreaterThanOrEqual(25);
    const count = async (table: string) =>
      (await db.pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE project_id = $1`, [project.id])).rows[0].n;
    expect(await count('tool_calls')).toBe(1);
    expect(await count('run_spans')).toBe(0);
    expect(await count('runs')).toBe(1);
    expect(await count('tool_call_rollups')).toBe(2);
  });
});

describe('a run whose incidents cannot be written', () => {
  it('does not hold back the other runs of its batch', async () => {
    const bad = newTraceId();
    const good = newTraceId();
    const errors: unknown[] = [];
    const w = startAnalysisWorker({ db, intervalMs: 3_600_000, quietPeriodMs: 60_000, commitMarginMs: 0, onError: (e) => errors.push(e) });
    // A real failure inside Postgres, for this one trace only: the batch's single write fails, then run by run.
    const refuse = `refuse_incident_${bad}`;
    await db.pool.query(`CREATE FUNCTION ${refuse}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await db.pool.query(`CREATE TRIGGER ${refuse} BEFORE INSERT ON incidents FOR EACH ROW WHEN (NEW.trace_id = '${bad}') EXECUTE FUNCTION ${refuse}()`);
    try {
      for (const traceId of [bad, good]) {
        await insertToolCalls(
          db.pool,
          projectId,
          Array.from({ length: 6 }, (_, i) => ({ traceId, tool: 'list_dir', arguments: JSON.stringify({ path: `d${i}` }), startedAt: at(i), agent: 'coder' })),
        );
      }
      await syncRuns(db.pool, projectId);
      await drain(w);
      const incidents = async (traceId: string) => (await listIncidents(db, { projectId, ...range(), traceId })).incidents;
      expect(await incidents(good)).toMatchObject([{ kind: 'loop', type: 'same_tool', length: 6 }]);
      expect(await incidents(bad)).toEqual([]);
      expect(errors.map((e) => (e as Error).message)).toContain('refused by the test');
      const { rows } = await db.pool.query(
        'SELECT count(*)::int AS n FROM runs WHERE project_id = $1 AND trace_id = ANY($2) AND analyzed_at IS NOT NULL',
        [projectId, [bad, good]],
      );
      expect(rows[0].n).toBe(2);
    } finally {
      await w.stop();
      await db.pool.query(`DROP TRIGGER ${refuse} ON incidents`);
      await db.pool.query(`DROP FUNCTION ${refuse}()`);
    }
  });
});
