import type { Metadata } from 'next';
import { Suspense } from 'react';
import { NoProject } from '../../_components/no-project.tsx';
import { Badge, Card, EmptyState, PageHeader, TableSkeleton, WidgetError } from '../../_components/ui.tsx';
import { listContracts, settle } from '../../_lib/data.ts';
import { db } from '../../_lib/db.ts';
import type { SearchParams } from '../../_lib/filters.ts';
import { formatDateTime, formatRelative } from '../../_lib/format.ts';
import { hasProject, pageContext } from '../../_lib/page-context.ts';
import { revokeKeyAction } from './actions.ts';
import { toggleContractAction } from './contract-actions.ts';
import { ContractForm } from './contract-form.tsx';
import { CreateKeyForm } from './create-key-form.tsx';
import { CreateProjectForm } from './create-project-form.tsx';
import { FilterControlsProjectOnly } from './project-picker.tsx';
import { AddPersonForm } from './add-person-form.tsx';
import { addMembershipAction, removeMembershipAction } from './member-actions.ts';

export const metadata: Metadata = { title: 'Settings · Toolscope' };

async function ApiKeys({ projectId }: { projectId: string }) {
  // Settings lists are plain rows of one table, read with Prisma; analytics go through the query module.
  const keys = await db().prisma.apiKey.findMany({ where: { projectId }, orderBy: [{ revokedAt: 'desc' }, { createdAt: 'desc' }] });
  const active = keys.filter((k) => !k.revokedAt);
  const revoked = keys.filter((k) => k.revokedAt);
  return (
    <Card title="API keys" subtitle="Ingest keys send spans to the collector; read keys query the API. Keys are stored hashed and shown once." testId="api-keys">
      <CreateKeyForm projectId={projectId} />
      {keys.length === 0 ? (
        <div style={{ marginTop: 12 }}><EmptyState title="No keys yet" /></div>
      ) : (
        <table className="table" style={{ marginTop: 12 }}>
          <thead>
            <tr><th>Name</th><th>Key</th><th>Scope</th><th>Created (UTC)</th><th>Last used</th><th>Status</th><th /></tr>
          </thead>
          <tbody>
            {[...active, ...revoked].map((key) => (
              <tr key={key.id} data-key-prefix={key.prefix} data-status={key.revokedAt ? 'revoked' : 'active'}>
                <td>{key.name}</td>
                <td className="mono small">{key.prefix}…</td>
                <td><Badge tone={key.scope === 'ingest' ? 'info' : 'neutral'}>{key.scope}</Badge></td>
                <td className="mono small">{formatDateTime(key.createdAt)}</td>
                <td className="small">{key.lastUsedAt ? formatRelative(key.lastUsedAt) : 'never'}</td>
                <td>{key.revokedAt ? <Badge tone="bad">revoked</Badge> : <Badge tone="good">active</Badge>}</td>
                <td className="num">
                  {key.revokedAt ? null : (
                    <form action={revokeKeyAction}>
                      <input type="hidden" name="projectId" value={projectId} />
                      <input type="hidden" name="keyId" value={key.id} />
                      <button className="button danger small" type="submit" data-testid={`revoke-${key.prefix}`}>
                        Revoke
                      </button>
                    </form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

async function Contracts({ projectId }: { projectId: string }) {
  const result = await settle(listContracts({ projectId }));
  return (
    <Card title="Contracts" subtitle="What each agent's runs must do. A run that breaks its contract becomes an incident." testId="contracts">
      {!result.ok ? (
        <WidgetError message={result.error} />
      ) : result.value.length === 0 ? (
        <EmptyState title="No contracts yet" />
      ) : (
        result.value.map((contract) => (
          <details key={contract.id} className="taxonomy-category" style={{ marginBottom: 8 }}>
            <summary>
              <strong>{contract.agent}</strong>
              {contract.enabled ? <Badge tone="good">enabled</Badge> : <Badge>disabled</Badge>}
              <span className="muted small">updated {formatRelative(contract.updatedAt)}</span>
              <form action={toggleContractAction} style={{ marginLeft: 'auto' }}>
                <input type="hidden" name="projectId" value={projectId} />
                <input type="hidden" name="agent" value={contract.agent} />
                <input type="hidden" name="enabled" value={contract.enabled ? 'false' : 'true'} />
                <button className="button small" type="submit">{contract.enabled ? 'Disable' : 'Enable'}</button>
              </form>
            </summary>
            <div style={{ padding: 12 }}>
              <ContractForm projectId={projectId} agent={contract.agent} definition={contract.definition} enabled={contract.enabled} />
            </div>
          </details>
        ))
      )}
      <h3 className="subhead">Add a contract</h3>
      <ContractForm projectId={projectId} />
    </Card>
  );
}

/** Who may see this project: admins see every project, members the ones they were added to. */
async function People({ project }: { project: { id: string; name: string } }) {
  const users = await db().prisma.user.findMany({
    orderBy: { email: 'asc' },
    select: { id: true, email: true, role: true, memberships: { where: { projectId: project.id }, select: { projectId: true } } },
  });
  const withAccess = users.filter((u) => u.role === 'admin' || u.memberships.length > 0);
  const without = users.filter((u) => u.role !== 'admin' && u.memberships.length === 0);
  return (
    <Card title="People" subtitle={`Who can see ${project.name}. Admins see every project; members only the projects they are added to.`} testId="people">
      <table className="table" style={{ marginBottom: 12 }}>
        <thead>
          <tr><th>Email</th><th>Role</th><th /></tr>
        </thead>
        <tbody>
          {withAccess.map((user) => (
            <tr key={user.id} data-person={user.email}>
              <td>{user.email}</td>
              <td>{user.role === 'admin' ? <Badge tone="info">admin</Badge> : <Badge>member</Badge>}</td>
              <td className="num">
                {user.role === 'admin' ? null : (
                  <form action={removeMembershipAction}>
                    <input type="hidden" name="userId" value={user.id} />
                    <input type="hidden" name="projectId" value={project.id} />
                    <button className="button small danger" type="submit" title={`Remove from ${project.name}`}>
                      Remove
                    </button>
                  </form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {without.length > 0 ? (
        <form action={addMembershipAction} className="form-inline" style={{ marginBottom: 12 }}>
          <input type="hidden" name="projectId" value={project.id} />
          <label className="field">
            <span>Add someone to {project.name}</span>
            <select name="userId">
              {without.map((user) => (
                <option key={user.id} value={user.id}>{user.email}</option>
              ))}
            </select>
          </label>
          <button className="button" type="submit">Add to project</button>
        </form>
      ) : null}
      <AddPersonForm projectId={project.id} projectName={project.name} />
    </Card>
  );
}

export default async function SettingsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const context = await pageContext(searchParams);
  const isAdmin = context.scope.user.role === 'admin';
  return (
    <div className="page">
      <PageHeader title="Settings" subtitle="Projects, API keys and contracts." />
      <Card title="Projects" subtitle={`You can see ${context.scope.projects.length} project${context.scope.projects.length === 1 ? '' : 's'}.`} testId="projects">
        <div className="form-inline" style={{ justifyContent: 'space-between' }}>
          {hasProject(context) ? <FilterControlsProjectOnly projects={context.scope.projects.map((p) => p.name)} project={context.scope.project.name} /> : <span />}
          {isAdmin ? <CreateProjectForm /> : null}
        </div>
      </Card>
      {hasProject(context) ? (
        <>
          <Suspense fallback={<TableSkeleton />}>
            <ApiKeys projectId={context.scope.project.id} />
          </Suspense>
          <Suspense fallback={<TableSkeleton />}>
            <Contracts projectId={context.scope.project.id} />
          </Suspense>
          {isAdmin ? (
            <Suspense fallback={<TableSkeleton />}>
              <People project={context.scope.project} />
            </Suspense>
          ) : null}
        </>
      ) : (
        <NoProject isAdmin={isAdmin} />
      )}
    </div>
  );
}
