/**
 * The read models against real Postgres: rows written with SQL into a fresh
 * project, rollups built from them the way ingest builds them, and every
 * number checked against what the rows say.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../collector/db/client.ts';
import {
  getErrorTaxonomy,
  getOverview,
  getRetriesAndRefusals,
  getRun,
  getToolDetail,
  listFilterOptions,
  listRuns,
  listTools,
} from '../../collector/queries/index.ts';
import { LATENCY_BUCKET_COUNT, latencyBucketIndex } from '../../collector/analysis/latency-histogram.ts';
import { foldRollupDeltas } from '../../collector/ingest/fold-rollups.ts';
import { rebuildRollups } from '../support/rollups-from-raw.ts';
import { insertRunSpans, insertToolCalls, newTraceId, syncRuns, type SeedToolCall } from '../support/seed-rows.ts';

const db = openDatabase(inject('databaseUrl'), { max: 4 });
let projectId: string;
const base = new Date('2026-11-20T10:00:00Z');
const at = (minutes: number) => new Date(base.getTime() + minutes * 60_000);
const range = { from: at(0), to: at(24 * 60) };
const traceWithRetries = newTraceId();

beforeAll(async () => {
  const project = await db.prisma.project.create({ data: { name: `queries-${Date.now()}` } });
  projectId = project.id;
  const calls: SeedToolCall[] = [];
  // search: 100 healthy calls, 1..100 ms.
  for (let i = 0; i < 100; i++) {
    calls.push({ traceId: newTraceId(), tool: 'search', startedAt: at(i), durationMs: i + 1, agent: 'coder', model: 'gpt-x' });
  }
  // read_file: 40 calls, 10 not-found failures whose messages differ only in the path.
  const paths = ['a.txt', 'b/c.md', '/etc/hosts', 'src/main/Hello.java', '../x.py'];
  for (let i = 0; i < 40; i++) {
    const failed = i < 10;
    calls.push({
      traceId: newTraceId(),
      tool: 'read_file',
      startedAt: at(200 + i),
      durationMs: 50,
      agent: i % 2 ? 'coder' : 'reviewer',
      model: 'gpt-x',
      ...(failed
        ? {
            errorCategory: 'execution',
            errorType: 'not_found',
            errorMessage: `File not found: ${paths[i % paths.length]}`,
            arguments: JSON.stringify({ path: paths[i % paths.length], api_key: 'sk-secretsecretsecret123' }),
          }
        : {}),
    });
  }
  // flaky: 2 calls, 1 failure: a 50% rate on no evidence must not top the problem tools.
  calls.push({ traceId: newTraceId(), tool: 'flaky', startedAt: at(300), agent: 'coder' });
  calls.push({
    traceId: newTraceId(),
    tool: 'flaky',
    startedAt: at(301),
    agent: 'coder',
    errorCategory: 'arguments',
    errorType: 'schema_violation',
    errorMessage: 'offset must be >= 0, got -1',
  });
  // One run with a timeout, a retry that succeeded, and a tool-call refusal.
  calls.push({
    traceId: traceWithRetries,
    spanId: 'aaaaaaaaaaaa0001',
    parentSpanId: 'rootrootrootroot',
    tool: 'fetch',
    startedAt: at(400),
    durationMs: 3000,
    agent: 'coder',
    model: 'gpt-x',
    errorCategory: 'execution',
    errorType: 'timeout',
    errorMessage: 'request timed out after 3000 ms',
    details: { suggestions: ['retry with a smaller page size'] },
  });
  calls.push({
    traceId: traceWithRetries,
    spanId: 'aaaaaaaaaaaa0002',
    parentSpanId: 'rootrootrootroot',
    tool: 'fetch',
    startedAt: at(401),
    durationMs: 200,
    agent: 'coder',
    model: 'gpt-x',
    attempt: 2,
    retryReason: 'execution/timeout',
  });
  calls.push({
    traceId: traceWithRetries,
    spanId: 'aaaaaaaaaaaa0003',
    parentSpanId: 'rootrootrootroot',
    tool: 'shell',
    startedAt: at(402),
    agent: 'coder',
    model: 'gpt-x',
    errorCategory: 'protocol',
    errorType: 'refusal',
    errorMessage: 'I cannot run shell commands',
  });
  // Outside the range: must never count.
  calls.push({ traceId: newTraceId(), tool: 'search', startedAt: at(-5), agent: 'coder', errorCategory: 'execution', errorType: 'unknown' });
  await insertToolCalls(db.pool, projectId, calls);
  await insertRunSpans(db.pool, projectId, [
    { traceId: traceWithRetries, spanId: 'rootrootrootroot', kind: 'agent', agent: 'coder', startedAt: at(399.9), durationMs: 5 * 60_000 },
    ...Array.from({ length: 10 }, (_, i) => ({
      traceId: traceWithRetries,
      parentSpanId: 'rootrootrootroot',
      kind: 'model' as const,
      model: 'gpt-x',
      agent: 'coder',
      startedAt: at(399.95 + i * 0.2),
      ...(i < 2 ? { errorCategory: 'protocol', errorType: 'refusal', status: 'error' as const } : {}),
    })),
  ]);
  await rebuildRollups(db.pool, projectId);
  await syncRuns(db.pool, projectId);
});

afterAll(() => db.close());

describe('getOverview', () => {
  it('totals the range from the rollups', async () => {
    const overview = await getOverview(db, { projectId, ...range });
    expect(overview.totals).toMatchObject({ calls: 145, failures: 13, retries: 1, refusals: 1 });
    expect(overview.totals.accuracyRate).toBeCloseTo(132 / 145, 10);
    // 1 refused tool call + 2 refused model turns, over 10 model turns.
    expect(overview.totals.refusalsTotal).toBe(3);
    expect(overview.totals.refusalRate).toBeCloseTo(0.3, 10);
    expect(overview.bucketSeconds).toBe(900);
    expect(overview.series.reduce((sum, p) => sum + p.calls, 0)).toBe(145);
    expect(overview.series).toHaveLength(96);
    expect(overview.failuresByCategory).toEqual([
      { category: 'selection', failures: 0 },
      { category: 'arguments', failures: 1 },
      { category: 'execution', failures: 11 },
      { category: 'protocol', failures: 1 },
      { category: 'orchestration', failures: 0 },
    ]);
  });

  it('estimates percentiles within one histogram bucket of the truth', async () => {
    const overview = await getOverview(db, { projectId, ...range, tool: 'search' });
    // search took 1..100 ms: true p50 = 50, p95 = 95; buckets around them are (20, 50] and (50, 100].
    expect(overview.totals.p50Ms!).toBeGreaterThan(20);
    expect(overview.totals.p50Ms!).toBeLessThanOrEqual(50);
    expect(overview.totals.p95Ms!).toBeGreaterThan(50);
    expect(overview.totals.p95Ms!).toBeLessThanOrEqual(100);
  });

  it('ranks problem tools by the Wilson bound, not the raw rate', async () => {
    const overview = await getOverview(db, { projectId, ...range });
    const order = overview.problemTools.map((t) => t.tool);
    expect(order.indexOf('read_file')).toBeLessThan(order.indexOf('flaky'));
    const flaky = overview.problemTools.find((t) => t.tool === 'flaky')!;
    expect(flaky.failureRate).toBe(0.5);
    expect(flaky.failureRateLowerBound).toBeLessThan(overview.problemTools.find((t) => t.tool === 'read_file')!.failureRateLowerBound);
  });

  it('adds whole hours from the hourly rollups to the minute rollups at the edges', async () => {
    // 10:10 → 15:30: partial first and last hours come from minute rows, 11:00-15:00 from hourly rows.
    const from = at(10);
    const to = at(5 * 60 + 30);
    const { rows } = await db.pool.query(
      `SELECT count(*)::int AS calls, count(*) FILTER (WHERE outcome = 'failure')::int AS failures
         FROM tool_calls WHERE project_id = $1 AND started_at >= $2 AND started_at < $3`,
      [projectId, from, to],
    );
    const overview = await getOverview(db, { projectId, from, to });
    expect(overview.totals).toMatchObject(rows[0]);
    const hourly = await db.pool.query('SELECT sum(calls)::int AS calls FROM tool_call_rollups_hourly WHERE project_id = $1', [projectId]);
    expect(hourly.rows[0].calls).toBe(146);
  });

  it('applies agent and model filters', async () => {
    const reviewer = await getOverview(db, { projectId, ...range, agent: 'reviewer' });
    expect(reviewer.totals).toMatchObject({ calls: 20, failures: 5 });
    const model = await getOverview(db, { projectId, ...range, model: 'gpt-x' });
    expect(model.totals.calls).toBe(143);
  });
});

describe('listTools and getToolDetail', () => {
  it('lists every tool with its stats', async () => {
    const { tools } = await listTools(db, { projectId, ...range, sort: 'calls' });
    expect(tools.map((t) => [t.tool, t.calls, t.failures])).toEqual([
      ['search', 100, 0],
      ['read_file', 40, 10],
      ['fetch', 2, 1],
      ['flaky', 2, 1],
      ['shell', 1, 1],
    ]);
  });

  it('shows one tool: series, error types, histogram, retries and redacted failing calls', async () => {
    const detail = await getToolDetail(db, { projectId, ...range, tool: 'read_file' });
    expect(detail.stats).toMatchObject({ tool: 'read_file', calls: 40, failures: 10 });
    expect(detail.errorTypes).toEqual([{ category: 'execution', type: 'not_found', failures: 10 }]);
    expect(detail.latencyHistogram.reduce((s, b) => s + b.count, 0)).toBe(40);
    expect(detail.latencyHistogram.find((b) => b.upperBoundMs === 50)!.count).toBe(40);
    expect(detail.recentFailures).toHaveLength(10);
    expect(detail.recentFailures[0]!.startedAt > detail.recentFailures[9]!.startedAt).toBe(true);
    expect(detail.recentFailures[0]!.arguments).toContain('[REDACTED]');
    expect(detail.recentFailures[0]!.arguments).not.toContain('sk-secret');
    const fetch = await getToolDetail(db, { projectId, ...range, tool: 'fetch' });
    expect(fetch.retriesByReason).toEqual([{ reason: 'execution/timeout', retries: 1, succeeded: 1 }]);
  });
});

describe('getErrorTaxonomy', () => {
  it('groups messages differing only in paths and numbers into one template', async () => {
    const taxonomy = await getErrorTaxonomy(db, { projectId, ...range });
    expect(taxonomy.failures).toBe(13);
    expect(taxonomy.calls).toBe(145);
    const execution = taxonomy.categories.find((c) => c.category === 'execution')!;
    expect(execution.failures).toBe(11);
    const notFound = execution.types.find((t) => t.type === 'not_found')!;
    expect(notFound.templates).toHaveLength(1);
    expect(notFound.templates[0]).toMatchObject({ template: 'File not found: <path>', failures: 10, tools: ['read_file'] });
    expect(notFound.templates[0]!.examples.length).toBeGreaterThan(0);
    expect(notFound.templates[0]!.examples.length).toBeLessThanOrEqual(3);
    const timeout = execution.types.find((t) => t.type === 'timeout')!;
    expect(timeout.templates[0]!.template).toBe('request timed out after <n> ms');
  });
});

describe('getRetriesAndRefusals', () => {
  it('reports retry reasons and refusal rates from tool calls and model turns', async () => {
    const result = await getRetriesAndRefusals(db, { projectId, ...range });
    expect(result.retries).toMatchObject({ calls: 145, retries: 1 });
    expect(result.retries.byReason).toEqual([{ reason: 'execution/timeout', retries: 1, succeeded: 1 }]);
    expect(result.refusals).toMatchObject({ toolCallRefusals: 1, modelTurns: 10, modelTurnRefusals: 2 });
    expect(result.refusals.rate).toBeCloseTo(0.3, 10);
    expect(result.refusals.byAgent).toEqual([{ agent: 'coder', modelTurns: 10, refusals: 2, rate: 0.2 }]);
  });
});

describe('runs', () => {
  it('lists runs and filters by tool and failure', async () => {
    const all = await listRuns(db, { projectId, ...range, limit: 500 });
    // One run per trace: 100 + 40 + 2 single-call traces and the three-call run.
    expect(all.runs.length).toBe(143);
    const fetchRuns = await listRuns(db, { projectId, ...range, tool: 'fetch' });
    expect(fetchRuns.runs.map((r) => r.traceId)).toEqual([traceWithRetries]);
    const failed = await listRuns(db, { projectId, ...range, failedOnly: true, limit: 500 });
    expect(failed.runs.length).toBe(12);
    const page = await listRuns(db, { projectId, ...range, limit: 100 });
    const next = await listRuns(db, { projectId, ...range, limit: 100, before: page.nextBefore! });
    expect(page.runs.length + next.runs.length).toBe(143);
  });

  it('pages through runs that started at the same instant without skipping or repeating any', async () => {
    const sameStart = at(30 * 60);
    const traces = Array.from({ length: 5 }, () => newTraceId());
    await insertToolCalls(db.pool, projectId, traces.map((traceId) => ({ traceId, tool: 'search', startedAt: sameStart })));
    await syncRuns(db.pool, projectId);
    const window = { projectId, from: at(30 * 60 - 1), to: at(30 * 60 + 1), limit: 2 };
    const seen: string[] = [];
    let before: string | undefined;
    do {
      const page = await listRuns(db, { ...window, before });
      seen.push(...page.runs.map((r) => r.traceId));
      before = page.nextBefore ?? undefined;
    } while (before);
    expect(seen.sort()).toEqual([...traces].sort());
  });

  it('shows a run as one timeline of model turns and tool calls in start order', async () => {
    const detail = await getRun(db, { projectId, traceId: traceWithRetries });
    expect(detail!.run).toMatchObject({ toolCalls: 3, failures: 2, complete: true });
    const timeline = detail!.timeline;
    expect(timeline[0]!.kind).toBe('agent');
    const starts = timeline.map((e) => e.offsetMs);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    const tools = timeline.filter((e) => e.kind === 'tool');
    expect(tools.map((e) => [e.label, e.outcome, e.attempt])).toEqual([
      ['fetch', 'failure', 1],
      ['fetch', 'success', 2],
      ['shell', 'failure', 1],
    ]);
    expect(tools[0]!.suggestions).toEqual(['retry with a smaller page size']);
    expect(tools[1]!.retryReason).toBe('execution/timeout');
    expect(tools[2]!.refusal).toBe(true);
    expect(timeline.filter((e) => e.kind === 'model' && e.refusal)).toHaveLength(2);
    expect(await getRun(db, { projectId, traceId: newTraceId() })).toBeNull();
  });
});

describe('rollup deltas not folded yet', () => {
  it('are counted by every rollup read, once before the fold and once after it', async () => {
    const project = await db.prisma.project.create({ data: { name: `queries-pending-${Date.now()}` } });
    const bucket = at(30);
    const histogram = new Array<number>(LATENCY_BUCKET_COUNT).fill(0);
    histogram[latencyBucketIndex(40)] = 3;
    await db.pool.query(
      `INSERT INTO tool_call_rollup_deltas (project_id, bucket, tool_name, agent_name, model_name, calls, failures,
         fail_execution, duration_sum_ms, latency_histogram)
       VALUES ($1, $2, 'pending_tool', 'pending-agent', 'pending-model', 3, 1, 1, 120, $3)`,
      [project.id, bucket, histogram],
    );
    await db.pool.query(
      `INSERT INTO model_turn_rollup_deltas (project_id, bucket, agent_name, model_name, turns, refusals)
       VALUES ($1, $2, 'pending-agent', 'pending-model', 4, 1)`,
      [project.id, bucket],
    );
    const read = async () => {
      const overview = await getOverview(db, { projectId: project.id, ...range });
      const options = await listFilterOptions(db, { projectId: project.id, ...range });
      return { totals: overview.totals, options };
    };
    const expected = {
      totals: expect.objectContaining({ calls: 3, failures: 1, refusalsTotal: 1, refusalRate: 0.25 }),
      options: { agents: ['pending-agent'], models: ['pending-model'], tools: ['pending_tool'] },
    };
    expect(await read()).toEqual(expected);
    await foldRollupDeltas(db.pool);
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM tool_call_rollup_deltas WHERE project_id = $1', [project.id]);
    expect(rows[0].n).toBe(0);
    expect(await read()).toEqual(expected);
  });
});
