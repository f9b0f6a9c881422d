'use client';
import { submitKeepingValues } from '../../_components/keep-values.ts';
import { useActionState } from 'react';
import { saveContractAction } from './contract-actions.ts';
import type { FormState } from './actions.ts';

const EXAMPLE = JSON.stringify(
  { requiredTools: ['search_docs'], requiredSuccess: ['send_reply'], dependsOn: { send_reply: 'search_docs' }, nextRequired: {} },
  null,
  2,
);

/** Creates a contract, or replaces the one of the same agent. */
export function ContractForm({ projectId, agent, definition, enabled = true }: { projectId: string; agent?: string; definition?: unknown; enabled?: boolean }) {
  const [state, action, pending] = useActionState<FormState, FormData>(saveContractAction, {});
  return (
    <form action={action} onSubmit={submitKeepingValues(action)} className="form" data-testid="contract-form">
      <input type="hidden" name="projectId" value={projectId} />
      <div className="form-inline">
        <label className="field">
          <span>Agent</span>
          <input name="agent" defaultValue={agent} required readOnly={Boolean(agent)} placeholder="support-agent" />
          {state.fieldErrors?.agent ? <em className="field-error">{state.fieldErrors.agent[0]}</em> : null}
        </label>
        <label className="field" style={{ flexDirection: 'row', alignItems: 'center', gap: 6 }}>
          <input type="checkbox" name="enabled" defaultChecked={enabled} /> <span>Enabled</span>
        </label>
      </div>
      <label className="field">
        <span>
          Rules (JSON) <span className="field-hint">requiredTools, requiredSuccess, dependsOn {'{B: A}'}, nextRequired {'{A: B}'}</span>
        </span>
        <textarea name="definition" defaultValue={definition ? JSON.stringify(definition, null, 2) : EXAMPLE} rows={8} />
        {state.fieldErrors?.definition?.map((message) => (
          <em key={message} className="field-error">{message}</em>
        ))}
      </label>
      <div className="form-actions">
        <button className="button primary" type="submit" disabled={pending}>
          {pending ? 'Saving…' : agent ? 'Save contract' : 'Add contract'}
        </button>
        {state.message ? <span className={state.ok ? 'form-ok' : 'form-error'}>{state.message}</span> : null}
      </div>
    </form>
  );
}
