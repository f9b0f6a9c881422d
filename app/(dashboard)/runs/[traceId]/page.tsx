import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import type { TimelineEntry } from '../../../../collector/queries/index.ts';
import { NoProject } from '../../../_components/no-project.tsx';
import { Badge, Card, EmptyState, PageHeader, Stat, TableSkeleton, WidgetError } from '../../../_components/ui.tsx';
import { getRun } from '../../../_lib/data.ts';
import { hrefWithFilters, type DashboardFilters, type SearchParams } from '../../../_lib/filters.ts';
import { formatCount, formatDateTime, formatMs } from '../../../_lib/format.ts';
import { hasProject, pageContext } from '../../../_lib/page-context.ts';
import { CategoryChip } from '../../overview-widgets.tsx';

type Params = Promise<{ traceId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `Run ${(await params).traceId.slice(0, 8)} · Toolscope` };
}

const KIND_LABEL: Record<TimelineEntry['kind'], string> = { tool: 'tool', model: 'model', agent: 'agent', chain: 'step' };

function TimelineRow({ entry, runMs, inIncident }: { entry: TimelineEntry; runMs: number; inIncident: boolean }) {
  const left = runMs > 0 ? (entry.offsetMs / runMs) * 100 : 0;
  const width = runMs > 0 ? Math.max((entry.durationMs / runMs) * 100, 0.4) : 100;
  const failed = entry.outcome === 'failure';
  const hasDetail = Boolean(failed || entry.refusal || entry.attempt > 1 || entry.suggestions.length > 0 || entry.arguments || entry.result);
  // A native <details> per span: failures open by default, everything else one click away.
  return (
    <details
      id={`span-${entry.spanId}`}
      className={`timeline-entry${hasDetail ? ' has-detail' : ''}`}
      data-kind={entry.kind}
      data-outcome={entry.outcome}
      open={failed || entry.refusal}
    >
      <summary className={`timeline-row${failed ? ' failure' : ''}${inIncident ? ' in-incident' : ''}`}>
        <span className="mono small muted num">+{formatMs(entry.offsetMs)}</span>
        <span className="timeline-label" title={entry.name}>
          <Badge tone={entry.kind === 'tool' ? (failed ? 'bad' : 'neutral') : entry.kind === 'model' ? 'info' : 'neutral'}>{KIND_LABEL[entry.kind]}</Badge>
          <span className={entry.kind === 'tool' ? 'mono' : undefined}>{entry.label}</span>
          {entry.attempt > 1 ? <Badge tone="warn" title={entry.retryReason ?? undefined}>retry #{entry.attempt - 1}</Badge> : null}
          {entry.refusal ? <Badge tone="bad">refusal</Badge> : null}
          {failed && entry.errorType ? <span className="inline-detail">{entry.errorType}</span> : null}
        </span>
        <span className="timeline-track" aria-hidden>
          <span className={`timeline-bar kind-${entry.kind}${failed ? ' failure' : ''}`} style={{ left: `${left}%`, width: `${Math.min(width, 100 - left)}%` }} />
        </span>
        <span className="num small">{formatMs(entry.durationMs)}</span>
      </summary>
      {hasDetail ? (
        <div className="timeline-row">
          <span />
          <div className="timeline-detail">
            {failed ? (
              <div>
                {entry.errorCategory ? <CategoryChip category={entry.errorCategory} /> : null} <span className="mono">{entry.errorType ?? 'error'}</span>
                {entry.errorMessage ? <span> — {entry.errorMessage}</span> : null}
              </div>
            ) : null}
            {entry.attempt > 1 && entry.retryReason ? <div className="muted small">Attempt {entry.attempt}, retried because of {entry.retryReason}.</div> : null}
            {entry.suggestions.map((suggestion) => (
              <div key={suggestion} className="suggestion small">
                Suggested to the model: {suggestion}
              </div>
            ))}
            {entry.arguments ? (
              <div>
                <div className="small muted">Arguments</div>
                <pre>{entry.arguments}</pre>
              </div>
            ) : null}
            {entry.result ? (
              <div>
                <div className="small muted">Result</div>
                <pre>{entry.result}</pre>
              </div>
            ) : null}
          </div>
        </div>
      ) : null}
    </details>
  );
}

async function RunBody({ projectId, traceId, filters }: { projectId: string; traceId: string; filters: DashboardFilters }) {
  let detail;
  try {
    detail = await getRun({ projectId, traceId });
  } catch (error) {
    return <WidgetError message={(error as Error).message} />;
  }
  if (!detail) notFound();
  const { run, timeline, incidents } = detail;
  const inIncident = new Set(incidents.flatMap((i) => i.spanIds));
  const toolCalls = timeline.filter((e) => e.kind === 'tool');
  const modelTurns = timeline.filter((e) => e.kind === 'model');
  return (
    <>
      <div className="stat-grid">
        <Stat label="Agent" value={<span style={{ fontSize: 16 }}>{run.agent ?? '–'}</span>} />
        <Stat label="Started (UTC)" value={<span style={{ fontSize: 15 }} className="mono">{formatDateTime(run.startedAt)}</span>} />
        <Stat label="Duration" value={formatMs(run.durationMs)} />
        <Stat label="Model turns" value={formatCount(modelTurns.length)} />
        <Stat label="Tool calls" value={formatCount(toolCalls.length)} testId="run-tool-calls" />
        <Stat label="Failures" value={formatCount(run.failures)} tone={run.failures ? 'bad' : 'good'} />
        <Stat label="Retries" value={formatCount(toolCalls.filter((e) => e.attempt > 1).length)} />
      </div>
      {incidents.length > 0 ? (
        <Card title="Incidents in this run" testId="run-incidents">
          <ul className="list">
            {incidents.map((incident) => (
              <li key={incident.id} id={`incident-${incident.id}`} className="list-row">
                <Badge tone={incident.kind === 'loop' ? 'warn' : 'info'}>{incident.type.replaceAll('_', ' ')}</Badge>
                <span className="list-main">{incident.message}</span>
                <span className="muted small">
                  {incident.length} calls · {formatMs(incident.wastedMs)} wasted
                </span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <Card title="Timeline" subtitle="Every span of the run in start order. Bars are placed on the run's own clock; rows marked amber belong to an incident." testId="run-timeline">
        {timeline.length === 0 ? (
          <EmptyState title="No spans recorded for this run" />
        ) : (
          <div className="timeline">
            {timeline.map((entry) => (
              <TimelineRow key={entry.spanId} entry={entry} runMs={run.durationMs} inIncident={inIncident.has(entry.spanId)} />
            ))}
          </div>
        )}
      </Card>
      <p className="muted small">
        Trace <span className="mono">{run.traceId}</span>
        {run.sessionId ? (
          <>
            {' '}· session <span className="mono">{run.sessionId}</span>
          </>
        ) : null}{' '}
        · <Link href={hrefWithFilters('/runs', filters)}>all runs</Link>
      </p>
    </>
  );
}

export default async function RunPage({ params, searchParams }: { params: Params; searchParams: Promise<SearchParams> }) {
  const { traceId } = await params;
  if (!/^[0-9a-fA-F]{32}$/.test(traceId)) notFound();
  const context = await pageContext(searchParams);
  if (!hasProject(context)) return <NoProject isAdmin={context.scope.user.role === 'admin'} />;
  const { scope, filters } = context;
  return (
    <div className="page">
      <div>
        <div className="breadcrumb">
          <Link href={hrefWithFilters('/runs', filters)}>Runs</Link> /
        </div>
        <PageHeader title={<>Run <span className="mono">{traceId.slice(0, 12)}</span></>} subtitle={`Project ${scope.project.name}`} />
      </div>
      <Suspense fallback={<TableSkeleton rows={12} />}>
        <RunBody projectId={scope.project.id} traceId={traceId.toLowerCase()} filters={filters} />
      </Suspense>
    </div>
  );
}
