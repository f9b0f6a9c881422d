/**
 * The dashboard end to end: a real collector ingests seeded agent traffic
 * through the official OTLP exporter, the analysis worker finds the loops,
 * `next start` serves the built app on that database, and headless Chromium
 * signs in, opens every page, checks the numbers against the database,
 * changes filters, creates and revokes a key and creates an alert rule.
 * Screenshots of every page land in test/e2e/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser } from '../../collector/auth/users.ts';
import { hashKey } from '../../collector/auth/api-keys.ts';
import { startAnalysisWorker } from '../../collector/analysis/index.ts';
import { formatCount } from '../../app/_lib/format.ts';
import { startTestCollector, type TestCollector } from '../support/collector.ts';
import { freePort } from '../support/free-port.ts';
import { exportPipeline } from '../support/otel.ts';
import { CHROMIUM_ARGS, ROOT, buildDashboard, requireChromium, startDashboard, type RunningDashboard } from './dashboard-server.ts';
import { recordAgentTraffic } from './seed-spans.ts';

const SCREENSHOTS = join(ROOT, 'test', 'e2e', 'screenshots');
const ADMIN = { email: `e2e-admin-${process.pid}@example.com`, password: 'correct horse battery staple' };
const MEMBER = { email: `e2e-member-${process.pid}@example.com`, password: 'another long password' };

let env: TestCollector;
let dashboard: RunningDashboard;
let browser: Browser;
let browserContext: BrowserContext;
let page: Page;
let projectName: string;
/** Server actions and refreshes answer in well under a second, but CI machines can be busy. */
const EVENTUALLY = { timeout: 15_000 };
/** Console errors and uncaught page errors, per page visited. */
const consoleErrors: string[] = [];

async function dbCount(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await env.db.pool.query<{ n: number }>(sql, params);
  return Number(rows[0]!.n);
}

function view(path: string, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ project: projectName, ...extra });
  return `${dashboard.url}${path}?${query}`;
}

async function open(path: string, extra: Record<string, string> = {}): Promise<void> {
  await page.goto(view(path, extra), { waitUntil: 'networkidle' });
}

async function shoot(name: string): Promise<void> {
  // From the top: the sticky sidebar is drawn where the page is scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Every widget rendered: no skeleton left, no widget reporting a failed read. */
async function expectPageHealthy(): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, { timeout: 15_000 });
  expect(await page.locator('[data-testid="widget-error"]').allTextContents()).toEqual([]);
  // Taken, not read: one page's error is reported once, not by every later check.
  expect(consoleErrors.splice(0)).toEqual([]);
}

async function statValue(testId: string): Promise<string> {
  return (await page.getByTestId(`${testId}-value`).textContent())?.trim() ?? '';
}

beforeAll(async () => {
  const executablePath = requireChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
  buildDashboard();

  env = await startTestCollector({ projectName: `e2e-${process.pid}-${Date.now()}` });
  projectName = (await env.db.prisma.project.findUniqueOrThrow({ where: { id: env.projectId } })).name;
  await createUser(env.db.prisma, { ...ADMIN, role: 'admin' });
  await createUser(env.db.prisma, { ...MEMBER, role: 'member' });

  // Real ingest: the official protobuf exporter into the collector.
  const pipeline = exportPipeline({ url: env.collector.url, apiKey: env.ingestKey, format: 'protobuf', maxExportBatchSize: 1_000 });
  recordAgentTraffic(pipeline.tracer, { runs: 160 });
  await pipeline.flush();
  await pipeline.shutdown();

  // Loops are found by the analysis worker; run it until every run is analysed.
  const worker = startAnalysisWorker({ db: env.db, intervalMs: 100 });
  const deadline = Date.now() + 30_000;
  while (
    (await dbCount(`SELECT count(*) AS n FROM runs WHERE project_id = $1 AND (analyzed_at IS NULL OR analyzed_at < last_span_at)`, [env.projectId])) > 0
  ) {
    if (Date.now() > deadline) throw new Error('the analysis worker did not finish within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await worker.stop();

  dashboard = await startDashboard({ databaseUrl: inject('databaseUrl'), port: await freePort() });
  browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  browserContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await browserContext.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await dashboard?.stop();
  await env?.close();
});

describe('dashboard in Chromium', () => {
  it('keeps strangers out and signs in the admin', async () => {
    await page.goto(`${dashboard.url}/`, { waitUntil: 'networkidle' });
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.locator('.form-error').textContent(), EVENTUALLY).toContain('Email or password is wrong');
    await shoot('login');

    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const cookie = (await browserContext.cookies()).find((c) => c.name === 'toolscope_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
  });

  it('shows overview numbers that match the database', async () => {
    await open('/');
    await expectPageHealthy();
    const calls = await dbCount('SELECT count(*) AS n FROM tool_calls WHERE project_id = $1', [env.projectId]);
    const failures = await dbCount(`SELECT count(*) AS n FROM tool_calls WHERE project_id = $1 AND outcome = 'failure'`, [env.projectId]);
    expect(calls).toBeGreaterThan(500);
    expect(await statValue('stat-calls')).toBe(formatCount(calls));
    expect(await statValue('stat-failures')).toBe(formatCount(failures));
    expect(await statValue('stat-accuracy')).toBe(`${(((calls - failures) / calls) * 100).toFixed(1)}%`);
    await expect.poll(() => page.locator('[data-testid="accuracy-chart"] .recharts-surface').count(), EVENTUALLY).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[data-testid="category-chart"] .recharts-surface').count(), EVENTUALLY).toBeGreaterThan(0);
    expect(await page.getByTestId('problem-tools').locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('recent-incidents').locator('li').count()).toBeGreaterThan(0);
    await shoot('overview');
  });

  it('changes the numbers when a filter changes, and keeps the filter in the URL', async () => {
    await open('/');
    await page.locator('select[name="agent"]').selectOption('support-agent');
    await page.waitForURL((url) => url.searchParams.get('agent') === 'support-agent');
    const calls = await dbCount(`SELECT count(*) AS n FROM tool_calls WHERE project_id = $1 AND agent_name = 'support-agent'`, [env.projectId]);
    const all = await dbCount('SELECT count(*) AS n FROM tool_calls WHERE project_id = $1', [env.projectId]);
    expect(calls).toBeLessThan(all);
    await expect.poll(() => statValue('stat-calls'), EVENTUALLY).toBe(formatCount(calls));

    // A shared link opens the same view; a one-hour window holds none of the seeded calls before the last 5 minutes.
    await open('/', { agent: 'support-agent', tool: 'read_file' });
    const readFile = await dbCount(
      `SELECT count(*) AS n FROM tool_calls WHERE project_id = $1 AND agent_name = 'support-agent' AND tool_name = 'read_file'`,
      [env.projectId],
    );
    expect(await statValue('stat-calls')).toBe(formatCount(readFile));
    // A custom range through the picker: UTC inputs, written to the URL as from/to.
    await open('/');
    await page.locator('select[name="range"]').selectOption('custom');
    await page.getByLabel('From (UTC)').fill('2020-01-01T00:00');
    await page.getByLabel('To (UTC)').fill('2020-01-02T00:00');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.get('from') === '2020-01-01T00:00:00Z' && url.searchParams.get('to') === '2020-01-02T00:00:00Z');
    await expect.poll(() => statValue('stat-calls'), EVENTUALLY).toBe('0');
    await expectPageHealthy();
    await shoot('overview-empty-range');
  });

  it('refreshes on its interval without reloading the page', async () => {
    await open('/');
    const before = await statValue('stat-calls');
    // A marker on window survives router.refresh() but not a reload.
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'still here'));
    await page.getByLabel('Auto-refresh interval').selectOption('10');
    const pipeline = exportPipeline({ url: env.collector.url, apiKey: env.ingestKey, format: 'json' });
    recordAgentTraffic(pipeline.tracer, { runs: 4, seed: 99, hours: 1 });
    await pipeline.shutdown();
    const calls = await dbCount('SELECT count(*) AS n FROM tool_calls WHERE project_id = $1', [env.projectId]);
    expect(formatCount(calls)).not.toBe(before);
    await expect.poll(() => statValue('stat-calls'), { timeout: 20_000, interval: 1_000 }).toBe(formatCount(calls));
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('still here');
    await page.getByLabel('Auto-refresh interval').selectOption('0');
    await expectPageHealthy();
  });

  it('ranks tools with per-tool numbers from the database', async () => {
    await open('/tools');
    await expectPageHealthy();
    const { rows } = await env.db.pool.query<{ tool_name: string; calls: number; failures: number }>(
      `SELECT tool_name, count(*)::int AS calls, count(*) FILTER (WHERE outcome = 'failure')::int AS failures
         FROM tool_calls WHERE project_id = $1 GROUP BY tool_name`,
      [env.projectId],
    );
    for (const row of rows) {
      const tableRow = page.locator(`[data-testid="tools-table"] tr[data-tool="${row.tool_name}"]`);
      expect(await tableRow.locator('[data-col="calls"]').textContent()).toBe(formatCount(row.calls));
      expect(await tableRow.locator('[data-col="failures"]').textContent()).toBe(formatCount(row.failures));
    }
    await shoot('tools');

    await page.locator('[data-testid="tools-table"] a', { hasText: 'web_fetch' }).first().click();
    await page.waitForURL((url) => url.pathname === '/tools/web_fetch');
    await expectPageHealthy();
    const webFetch = rows.find((r) => r.tool_name === 'web_fetch')!;
    expect(await statValue('tool-stat-calls')).toBe(formatCount(webFetch.calls));
    expect(await page.getByTestId('recent-failures').locator('tbody tr').count()).toBeGreaterThan(0);
    // Secrets in arguments never reach the page.
    expect(await page.content()).not.toContain('sk-live-should-be-redacted');
    await shoot('tool-web_fetch');
  });

  it('groups errors into category, type and message template', async () => {
    await open('/errors');
    await expectPageHealthy();
    const failures = await dbCount(`SELECT count(*) AS n FROM tool_calls WHERE project_id = $1 AND outcome = 'failure'`, [env.projectId]);
    expect(await statValue('errors-failures')).toBe(formatCount(failures));
    const execution = await dbCount(
      `SELECT count(*) AS n FROM tool_calls WHERE project_id = $1 AND outcome = 'failure' AND error_category = 'execution'`,
      [env.projectId],
    );
    expect(await page.getByTestId('category-execution-failures').textContent()).toBe(formatCount(execution));
    // "File not found: docs/faq.md" and "…docs/billing.md" are one template.
    expect(await page.locator('.template', { hasText: 'File not found' }).count()).toBe(1);
    const retries = await dbCount(`SELECT count(*) AS n FROM tool_calls WHERE project_id = $1 AND attempt > 1`, [env.projectId]);
    expect(await page.getByTestId('retries').locator('.muted.small').first().textContent()).toContain(`${formatCount(retries)} of`);
    expect(await page.getByTestId('refusals').locator('tbody tr').count()).toBeGreaterThan(0);
    await shoot('errors');
  });

  it('lists incidents, each opening its run timeline', async () => {
    await open('/incidents');
    await expectPageHealthy();
    const incidents = await dbCount('SELECT count(*) AS n FROM incidents WHERE project_id = $1', [env.projectId]);
    expect(incidents).toBeGreaterThan(0);
    expect(await page.getByTestId('incidents-table').locator('tbody tr').count()).toBe(Math.min(incidents, 50));
    await shoot('incidents');

    await page.getByTestId('incidents-table').locator('tbody tr').first().locator('a').click();
    await page.waitForURL((url) => url.pathname.startsWith('/runs/'));
    await expectPageHealthy();
    const traceId = new URL(page.url()).pathname.split('/')[2]!;
    const spans = await dbCount(
      `SELECT (SELECT count(*) FROM tool_calls WHERE project_id = $1 AND trace_id = $2) AS n`,
      [env.projectId, traceId],
    );
    expect(await page.locator('[data-testid="run-timeline"] .timeline-entry[data-kind="tool"]').count()).toBe(spans);
    expect(await page.locator('[data-testid="run-timeline"] .timeline-entry[data-kind="model"]').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('run-incidents').locator('li').count()).toBeGreaterThan(0);
    await shoot('run');
  });

  it('lists runs and filters to runs with failures', async () => {
    await open('/runs');
    await expectPageHealthy();
    expect(await page.getByTestId('runs-table').locator('tbody tr').count()).toBe(50);
    await shoot('runs');
    // Keyset pages: the next page starts where the first ended.
    const lastOnFirstPage = await page.getByTestId('runs-table').locator('tbody tr').last().locator('td').nth(1).textContent();
    await page.getByRole('link', { name: 'Older →' }).click();
    await page.waitForURL((url) => url.searchParams.has('before'));
    await expectPageHealthy();
    const firstOnSecondPage = await page.getByTestId('runs-table').locator('tbody tr').first().locator('td').nth(1).textContent();
    expect(firstOnSecondPage! <= lastOnFirstPage!).toBe(true);
    await open('/runs');
    await page.getByRole('link', { name: 'With failures' }).click();
    await page.waitForURL((url) => url.searchParams.get('failed') === '1');
    await expectPageHealthy();
    const failedRuns = await dbCount(`SELECT count(*) AS n FROM runs WHERE project_id = $1 AND failures > 0`, [env.projectId]);
    expect(await page.getByTestId('runs-table').locator('tbody tr').count()).toBe(Math.min(failedRuns, 50));

    // A failing run shows its errors opened, with what the tool suggested to the model.
    const { rows } = await env.db.pool.query<{ trace_id: string }>(
      `SELECT trace_id FROM tool_calls WHERE project_id = $1 AND details ? 'suggestions' ORDER BY started_at DESC LIMIT 1`,
      [env.projectId],
    );
    await open(`/runs/${rows[0]!.trace_id}`);
    await expectPageHealthy();
    expect(await page.locator('.timeline-entry[data-outcome="failure"][open]').count()).toBeGreaterThan(0);
    expect(await page.locator('.suggestion').count()).toBeGreaterThan(0);
    await shoot('run-failed');
  });

  it('creates an ingest key that the collector accepts, then revokes it', async () => {
    await open('/settings');
    await expectPageHealthy();
    const form = page.getByTestId('api-keys').getByTestId('create-key-form');
    await form.getByLabel('Name').fill('e2e key');
    await form.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('api-keys').getByTestId('new-key').textContent({ timeout: 10_000 }))!.trim();
    expect(key).toMatch(/^ts_ingest_/);
    const row = await env.db.prisma.apiKey.findUniqueOrThrow({ where: { hash: hashKey(key) } });
    expect(row.projectId).toBe(env.projectId);
    expect(row.revokedAt).toBeNull();
    const send = () =>
      fetch(`${env.collector.url}/v1/traces`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ resourceSpans: [] }),
      });
    expect((await send()).status).toBe(200);
    await shoot('settings');

    await page.getByTestId(`revoke-${row.prefix}`).click();
    await expect.poll(() => page.locator(`tr[data-key-prefix="${row.prefix}"]`).getAttribute('data-status'), EVENTUALLY).toBe('revoked');
    expect((await env.db.prisma.apiKey.findUniqueOrThrow({ where: { id: row.id } })).revokedAt).not.toBeNull();
    env.collector.keys.forget();
    expect((await send()).status).toBe(401);
    expect(consoleErrors.splice(0)).toEqual([]);
  });

  it('creates, disables and edits an alert rule, with field errors for bad input', async () => {
    await open('/alerts');
    await expectPageHealthy();
    const webhookForm = page.getByTestId('webhook-form');
    await webhookForm.getByLabel('URL').fill('not a url');
    await webhookForm.getByRole('button', { name: 'Add webhook' }).click();
    await expect.poll(() => webhookForm.locator('.field-error').allTextContents(), EVENTUALLY).toContain('Name the webhook');
    await webhookForm.getByLabel('Name').fill('oncall');
    await webhookForm.getByLabel('URL').fill('https://hooks.example.com/services/T000/B000');
    await webhookForm.getByRole('button', { name: 'Add webhook' }).click();
    await expect.poll(() => page.locator('tr[data-webhook="oncall"]').count(), EVENTUALLY).toBe(1);
    const webhook = await env.db.prisma.webhook.findFirstOrThrow({ where: { projectId: env.projectId, name: 'oncall' } });
    expect(webhook).toMatchObject({ format: 'slack', enabled: true, secret: null });

    const form = page.getByTestId('alert-rule-form');
    await form.getByLabel('Name').fill('');
    await form.getByRole('button', { name: 'Create rule' }).click();
    await expect.poll(() => form.locator('.field-error').first().textContent(), EVENTUALLY).toBe('Name the rule');

    await form.getByLabel('Name').fill('web_fetch failing');
    await form.getByLabel('Scope').selectOption('tool');
    await form.locator('input[name="scopeValue"]').fill('web_fetch');
    await form.getByLabel('Threshold (%)').fill('25');
    await form.getByLabel('oncall').check();
    await form.getByRole('button', { name: 'Create rule' }).click();
    await expect.poll(() => page.locator('tr[data-rule="web_fetch failing"]').count(), EVENTUALLY).toBe(1);
    const rule = await env.db.prisma.alertRule.findFirstOrThrow({ where: { projectId: env.projectId, name: 'web_fetch failing' } });
    expect(rule).toMatchObject({ scopeType: 'tool', scopeValue: 'web_fetch', metric: 'failure_rate', condition: 'threshold', threshold: 0.25, enabled: true, webhookIds: [webhook.id] });

    await page.getByTestId('toggle-web_fetch failing').click();
    await expect.poll(async () => (await env.db.prisma.alertRule.findUniqueOrThrow({ where: { id: rule.id } })).enabled, EVENTUALLY).toBe(false);
    await expect.poll(() => page.locator('tr[data-rule="web_fetch failing"]').textContent(), EVENTUALLY).toContain('disabled');

    await page.locator('tr[data-rule="web_fetch failing"]').getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL((url) => url.searchParams.get('edit') === rule.id);
    const editor = page.getByTestId('alert-rule-form');
    await expect.poll(() => editor.getByLabel('Threshold (%)').inputValue(), EVENTUALLY).toBe('25');
    await editor.getByLabel('Threshold (%)').fill('30');
    await editor.getByRole('button', { name: 'Save rule' }).click();
    await expect.poll(async () => (await env.db.prisma.alertRule.findUniqueOrThrow({ where: { id: rule.id } })).threshold, EVENTUALLY).toBe(0.3);
    await expectPageHealthy();

    // An event as the evaluator stores it (the evaluator itself is proved in the alerts tests; running it
    // here would evaluate the rules of every test file sharing this database).
    await env.db.prisma.alertEvent.create({
      data: { ruleId: rule.id, projectId: env.projectId, kind: 'firing', value: 0.42, baseline: 0.08, threshold: 0.3, calls: 57, message: 'web_fetch failure rate 42.0% ≥ 30.0%' },
    });
    await open('/alerts');
    const event = page.getByTestId('alert-events').locator('tbody tr').first();
    expect(await event.textContent()).toContain('42.0%');
    expect(await event.textContent()).toContain('8.0%');
    expect(await event.textContent()).toContain('57');
    await expectPageHealthy();
    await shoot('alerts');
  });

  it('adds a contract, and explains a broken one', async () => {
    await open('/settings');
    const form = page.getByTestId('contracts').getByTestId('contract-form').last();
    await form.getByLabel('Agent').fill('support-agent');
    await form.locator('textarea[name="definition"]').fill('{"requiredTools": ["search_docs"]');
    await form.getByRole('button', { name: 'Add contract' }).click();
    await expect.poll(() => form.locator('.field-error').first().textContent(), EVENTUALLY).toContain('Not valid JSON');
    await form.locator('textarea[name="definition"]').fill('{"requiredTools": ["search_docs"], "dependsOn": {"send_email": "search_docs"}}');
    await form.getByRole('button', { name: 'Add contract' }).click();
    await expect.poll(() => env.db.prisma.contract.count({ where: { projectId: env.projectId, agentName: 'support-agent' } }), EVENTUALLY).toBe(1);
    await expect.poll(() => page.getByTestId('contracts').locator('summary', { hasText: 'support-agent' }).count(), EVENTUALLY).toBe(1);
    await expectPageHealthy();
  });

  it('creates a project whose empty overview shows how to instrument an agent', async () => {
    const name = `e2e-empty-${process.pid}`;
    await open('/settings');
    await page.getByTestId('create-project-form').getByLabel('New project').fill(name);
    await page.getByTestId('create-project-form').getByRole('button', { name: 'Create project' }).click();
    await expect.poll(() => env.db.prisma.project.count({ where: { name } }), EVENTUALLY).toBe(1);
    await page.goto(`${dashboard.url}/?project=${name}`, { waitUntil: 'networkidle' });
    await expectPageHealthy();
    expect(await page.getByTestId('onboarding-endpoint').textContent()).toContain('TOOLSCOPE_ENDPOINT=http://127.0.0.1:4318');
    await page.getByTestId('onboarding').getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('new-key').textContent({ timeout: 10_000 }))!.trim();
    expect(key).toMatch(/^ts_ingest_/);
    await expect.poll(() => page.getByTestId('onboarding-endpoint').textContent(), EVENTUALLY).toContain(`TOOLSCOPE_API_KEY=${key}`);
    await shoot('onboarding');
  });

  it('hides projects the user may not see, and signs out', async () => {
    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(`${dashboard.url}/login`);
    await strangerPage.getByLabel('Email').fill(MEMBER.email);
    await strangerPage.getByLabel('Password').fill(MEMBER.password);
    await strangerPage.getByRole('button', { name: 'Sign in' }).click();
    await strangerPage.waitForURL((url) => url.pathname === '/');
    await strangerPage.goto(view('/'), { waitUntil: 'networkidle' });
    expect(await strangerPage.content()).toContain('does not exist, or you may not see it');
    expect(await strangerPage.content()).not.toContain('stat-calls');

    // An admin adds the member to the project; from then on they see it.
    await open('/settings');
    const people = page.getByTestId('people');
    await people.locator('select[name="userId"]').selectOption({ label: MEMBER.email });
    await people.getByRole('button', { name: 'Add to project' }).click();
    await expect.poll(() => people.locator(`tr[data-person="${MEMBER.email}"]`).count(), EVENTUALLY).toBe(1);
    await strangerPage.goto(view('/'), { waitUntil: 'networkidle' });
    expect(await strangerPage.getByTestId('stat-calls-value').textContent()).not.toBe('');
    await stranger.close();

    // A new person added as a member of this project.
    const person = `e2e-new-${process.pid}@example.com`;
    await people.getByTestId('add-person-form').getByLabel('Email').fill(person);
    await people.getByTestId('add-person-form').getByLabel('Initial password').fill('short');
    await people.getByTestId('add-person-form').getByRole('button', { name: 'Add person' }).click();
    await expect.poll(() => people.getByTestId('add-person-form').locator('.field-error').allTextContents(), EVENTUALLY).toContain('must be at least 8 characters');
    await people.getByTestId('add-person-form').getByLabel('Initial password').fill('a long enough password');
    await people.getByTestId('add-person-form').getByRole('button', { name: 'Add person' }).click();
    await expect
      .poll(() => env.db.prisma.projectMember.count({ where: { projectId: env.projectId, user: { email: person } } }), EVENTUALLY)
      .toBe(1);
    await expectPageHealthy();
    await shoot('settings-people');

    await open('/');
    await page.getByTestId('sign-out').click();
    await page.waitForURL((url) => url.pathname === '/login');
    // A deep link while signed out comes back to where it pointed after sign-in.
    await page.goto(view('/errors'), { waitUntil: 'networkidle' });
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/errors' && url.searchParams.get('project') === projectName);
    await expectPageHealthy();
  });

  it('renders every page without console errors', () => {
    expect(consoleErrors.splice(0)).toEqual([]);
  });
});
