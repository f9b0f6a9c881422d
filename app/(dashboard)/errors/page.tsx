import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import type { MessageTemplateGroup } from '../../../collector/queries/index.ts';
import { TAXONOMY } from '../../../sdk/taxonomy.ts';
import { FilterBar } from '../../_components/filter-bar.tsx';
import { NoProject } from '../../_components/no-project.tsx';
import { Badge, Card, EmptyState, InlineBar, PageHeader, Stat, TableSkeleton, WidgetError } from '../../_components/ui.tsx';
import { categoryColor } from '../../_lib/colors.ts';
import { filterInput, getErrorTaxonomy, getRetriesAndRefusals, settle } from '../../_lib/data.ts';
import { filterQuery, hrefWithFilters, type DashboardFilters, type SearchParams } from '../../_lib/filters.ts';
import { formatCount, formatPercent } from '../../_lib/format.ts';
import { hasProject, pageContext } from '../../_lib/page-context.ts';

export const metadata: Metadata = { title: 'Errors · Toolscope' };

function typeInfo(category: string, type: string): { retryable: boolean; description: string } | undefined {
  const types = (TAXONOMY as Record<string, Record<string, { retryable: boolean; description: string }>>)[category];
  return types?.[type];
}

/** At most this many templates per type are listed open; the long tail folds away. */
const TEMPLATES_SHOWN = 5;

function TemplateRow({ template, filters }: { template: MessageTemplateGroup; filters: DashboardFilters }) {
  return (
    <tr>
      <td>
        <span className="template" title={template.exampleMessage ?? undefined}>{template.template}</span>
        {template.exampleMessage && template.exampleMessage !== template.template ? (
          <div className="muted small" style={{ marginTop: 4 }}>e.g. {template.exampleMessage}</div>
        ) : null}
      </td>
      <td className="small">
        {template.tools.map((tool) => (
          <Link key={tool} className="mono" href={hrefWithFilters(`/tools/${encodeURIComponent(tool)}`, filters, { tool: undefined })} style={{ marginRight: 6 }}>
            {tool}
          </Link>
        ))}
      </td>
      <td className="small">
        {template.examples.map((call, i) => (
          <Link key={call.spanId} href={`${hrefWithFilters(`/runs/${call.traceId}`, filters, { tool: undefined })}#span-${call.spanId}`} style={{ marginRight: 6 }}>
            run {i + 1}
          </Link>
        ))}
      </td>
      <td className="num">{formatCount(template.failures)}</td>
    </tr>
  );
}

async function Taxonomy({ projectId, filters }: { projectId: string; filters: DashboardFilters }) {
  const result = await settle(getErrorTaxonomy({ ...filterInput(projectId, filters), examplesPerTemplate: 3 }));
  if (!result.ok) return <WidgetError message={result.error} />;
  const taxonomy = result.value;
  return (
    <>
      <div className="stat-grid">
        <Stat label="Failed calls" value={formatCount(taxonomy.failures)} tone={taxonomy.failures ? 'bad' : 'neutral'} testId="errors-failures" />
        <Stat label="Of all calls" value={formatPercent(taxonomy.calls ? taxonomy.failures / taxonomy.calls : null)} hint={`${formatCount(taxonomy.calls)} calls`} />
        <Stat label="Categories" value={formatCount(taxonomy.categories.length)} />
        <Stat label="Distinct messages" value={formatCount(taxonomy.categories.reduce((n, c) => n + c.types.reduce((m, t) => m + t.templates.length, 0), 0))} hint="after grouping by template" />
      </div>
      {taxonomy.categories.length === 0 ? (
        <EmptyState title="No failures in this range">Every tool call that matches these filters succeeded.</EmptyState>
      ) : (
        taxonomy.categories.map((category, index) => (
          <details key={category.category} className="taxonomy-category" open={index < 3} data-category={category.category}>
            <summary>
              <span className="dot" style={{ background: categoryColor(category.category) }} aria-hidden />
              <h2>{category.category}</h2>
              <span className="muted small">{category.types.length} {category.types.length === 1 ? 'type' : 'types'}</span>
              <span style={{ marginLeft: 'auto' }} className="num">
                <strong data-testid={`category-${category.category}-failures`}>{formatCount(category.failures)}</strong>
                <InlineBar value={category.failures} max={taxonomy.failures} />
              </span>
            </summary>
            {category.types.map((type) => {
              const info = typeInfo(category.category, type.type);
              return (
                <div key={type.type} className="taxonomy-type">
                  <div className="taxonomy-type-head">
                    <span className="mono"><strong>{type.type}</strong></span>
                    {info ? <Badge tone={info.retryable ? 'info' : 'neutral'}>{info.retryable ? 'retryable' : 'not retryable'}</Badge> : null}
                    <span className="muted small">{info?.description}</span>
                    <span style={{ marginLeft: 'auto' }} className="num">{formatCount(type.failures)}</span>
                  </div>
                  <table className="table fixed">
                    <colgroup>
                      <col style={{ width: '52%' }} />
                      <col style={{ width: '20%' }} />
                      <col style={{ width: '18%' }} />
                      <col style={{ width: '10%' }} />
                    </colgroup>
                    <thead>
                      <tr><th>Message template</th><th>Tools</th><th>Examples</th><th className="num">Failures</th></tr>
                    </thead>
                    <tbody>
                      {type.templates.slice(0, TEMPLATES_SHOWN).map((template) => (
                        <TemplateRow key={template.template} template={template} filters={filters} />
                      ))}
                    </tbody>
                  </table>
                  {type.templates.length > TEMPLATES_SHOWN ? (
                    <details className="more-templates">
                      <summary className="small">
                        {type.templates.length - TEMPLATES_SHOWN} more templates (
                        {formatCount(type.templates.slice(TEMPLATES_SHOWN).reduce((n, t) => n + t.failures, 0))} failures)
                      </summary>
                      <table className="table fixed">
                        <colgroup>
                          <col style={{ width: '52%' }} />
                          <col style={{ width: '20%' }} />
                          <col style={{ width: '18%' }} />
                          <col style={{ width: '10%' }} />
                        </colgroup>
                        <tbody>
                          {type.templates.slice(TEMPLATES_SHOWN).map((template) => (
                            <TemplateRow key={template.template} template={template} filters={filters} />
                          ))}
                        </tbody>
                      </table>
                    </details>
                  ) : null}
                </div>
              );
            })}
          </details>
        ))
      )}
    </>
  );
}

/** Retries (why, and whether they then worked) and refusals (per agent): failures the agent loop absorbs. */
async function RetriesAndRefusalsPanel({ projectId, filters }: { projectId: string; filters: DashboardFilters }) {
  const result = await settle(getRetriesAndRefusals(filterInput(projectId, filters)));
  if (!result.ok) return <WidgetError message={result.error} />;
  const { retries, refusals } = result.value;
  return (
    <div className="grid grid-2">
      <Card title="Retries" subtitle={`${formatCount(retries.retries)} of ${formatCount(retries.calls)} calls were retries (${formatPercent(retries.rate)}).`} testId="retries">
        {retries.byReason.length === 0 ? (
          <EmptyState title="No retries in this range" />
        ) : (
          <table className="table">
            <thead>
              <tr><th>Retried because of</th><th className="num">Retries</th><th className="num">Then succeeded</th></tr>
            </thead>
            <tbody>
              {retries.byReason.map((reason) => (
                <tr key={reason.reason}>
                  <td className="mono small">{reason.reason}</td>
                  <td className="num">{formatCount(reason.retries)}</td>
                  <td className="num">
                    {formatCount(reason.succeeded)} <span className="muted">({formatPercent(reason.retries ? reason.succeeded / reason.retries : null)})</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      <Card
        title="Refusals"
        subtitle={`${formatCount(refusals.modelTurnRefusals)} model turns and ${formatCount(refusals.toolCallRefusals)} tool calls refused: ${formatPercent(refusals.rate)}.`}
        testId="refusals"
      >
        {refusals.byAgent.length === 0 ? (
          <EmptyState title="No model turns recorded in this range" />
        ) : (
          <table className="table">
            <thead>
              <tr><th>Agent</th><th className="num">Model turns</th><th className="num">Refusals</th><th className="num">Rate</th></tr>
            </thead>
            <tbody>
              {refusals.byAgent.map((row) => (
                <tr key={row.agent ?? '(none)'}>
                  <td>{row.agent ?? <span className="muted">unknown</span>}</td>
                  <td className="num">{formatCount(row.modelTurns)}</td>
                  <td className="num">{formatCount(row.refusals)}</td>
                  <td className="num">{formatPercent(row.rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}

export default async function ErrorsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const context = await pageContext(searchParams);
  if (!hasProject(context)) return <NoProject isAdmin={context.scope.user.role === 'admin'} />;
  const { scope, filters } = context;
  return (
    <div className="page">
      <PageHeader
        title="Errors"
        subtitle="Failures by taxonomy: category → type → message template. Messages that differ only in paths, numbers, ids or quoted values are one template."
      />
      <FilterBar scope={scope} filters={filters} />
      <Suspense key={filterQuery(filters)} fallback={<TableSkeleton rows={10} />}>
        <Taxonomy projectId={scope.project.id} filters={filters} />
      </Suspense>
      <Suspense key={`rr${filterQuery(filters)}`} fallback={<TableSkeleton rows={4} />}>
        <RetriesAndRefusalsPanel projectId={scope.project.id} filters={filters} />
      </Suspense>
    </div>
  );
}
