'use client';
import { useActionState } from 'react';
import { submitKeepingValues } from '../../_components/keep-values.ts';
import type { FormState } from './actions.ts';
import { addPersonAction } from './member-actions.ts';

export function AddPersonForm({ projectId, projectName }: { projectId: string; projectName: string }) {
  const [state, action, pending] = useActionState<FormState, FormData>(addPersonAction, {});
  const error = (name: string) => (state.fieldErrors?.[name]?.length ? <em className="field-error">{state.fieldErrors[name]![0]}</em> : null);
  return (
    <form action={action} onSubmit={submitKeepingValues(action)} className="form-inline" data-testid="add-person-form">
      <input type="hidden" name="projectId" value={projectId} />
      <label className="field">
        <span>Email</span>
        <input name="email" type="email" autoComplete="off" />
        {error('email')}
      </label>
      <label className="field">
        <span>Initial password</span>
        <input name="password" type="password" autoComplete="new-password" />
        {error('password')}
      </label>
      <label className="field">
        <span>Role</span>
        <select name="role" defaultValue="member">
          <option value="member">member of {projectName}</option>
          <option value="admin">admin (every project)</option>
        </select>
      </label>
      <button className="button" type="submit" disabled={pending}>
        {pending ? 'Adding…' : 'Add person'}
      </button>
      {state.message ? <span className={state.ok ? 'form-ok' : 'form-error'}>{state.message}</span> : null}
    </form>
  );
}
