'use client';
import { useActionState } from 'react';
import { submitKeepingValues } from '../../_components/keep-values.ts';
import type { RuleFormState } from './actions.ts';
import { createWebhookAction } from './webhook-actions.ts';

export function WebhookForm({ projectId }: { projectId: string }) {
  const [state, action, pending] = useActionState<RuleFormState, FormData>(createWebhookAction, {});
  const error = (name: string) => (state.fieldErrors?.[name]?.length ? <em className="field-error">{state.fieldErrors[name]![0]}</em> : null);
  return (
    <form action={action} onSubmit={submitKeepingValues(action)} className="form-inline" data-testid="webhook-form">
      <input type="hidden" name="projectId" value={projectId} />
      <label className="field">
        <span>Name</span>
        <input name="name" placeholder="#agents-oncall" maxLength={200} />
        {error('name')}
      </label>
      <label className="field" style={{ flex: 1, minWidth: 260 }}>
        <span>URL</span>
        <input name="url" placeholder="https://hooks.slack.com/services/…" />
        {error('url')}
      </label>
      <label className="field">
        <span>Body</span>
        <select name="format" defaultValue="slack">
          <option value="slack">Slack-compatible</option>
          <option value="json">JSON</option>
        </select>
      </label>
      <label className="field">
        <span>Signing secret <span className="field-hint">optional</span></span>
        <input name="secret" type="password" autoComplete="off" />
        {error('secret')}
      </label>
      <button className="button" type="submit" disabled={pending}>
        {pending ? 'Adding…' : 'Add webhook'}
      </button>
      {state.message ? <span className={state.ok ? 'form-ok' : 'form-error'}>{state.message}</span> : null}
    </form>
  );
}
