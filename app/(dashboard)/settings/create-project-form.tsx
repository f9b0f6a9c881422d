'use client';
import { submitKeepingValues } from '../../_components/keep-values.ts';
import { useActionState } from 'react';
import { createProjectAction, type FormState } from './actions.ts';

export function CreateProjectForm() {
  const [state, action, pending] = useActionState<FormState, FormData>(createProjectAction, {});
  return (
    <form action={action} onSubmit={submitKeepingValues(action)} className="form-inline" data-testid="create-project-form">
      <label className="field">
        <span>New project</span>
        <input name="name" placeholder="e.g. support-agent" required maxLength={64} />
        {state.fieldErrors?.name ? <em className="field-error">{state.fieldErrors.name[0]}</em> : null}
      </label>
      <button className="button" type="submit" disabled={pending}>
        {pending ? 'Creating…' : 'Create project'}
      </button>
      {state.message ? <span className={state.ok ? 'form-ok' : 'form-error'}>{state.message}</span> : null}
    </form>
  );
}
