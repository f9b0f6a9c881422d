'use client';
import { submitKeepingValues } from '../../_components/keep-values.ts';
import { useActionState, useEffect } from 'react';
import { createKeyAction, type CreateKeyState } from './actions.ts';

/** Creates a key and shows it once, with a copy button: it cannot be shown again. */
export function CreateKeyForm({
  projectId,
  defaultScope = 'ingest',
  onCreated,
}: {
  projectId: string;
  defaultScope?: 'ingest' | 'read';
  /** Told the new key once, e.g. to fill it into a setup snippet. */
  onCreated?: (key: string) => void;
}) {
  const [state, action, pending] = useActionState<CreateKeyState, FormData>(createKeyAction, {});
  useEffect(() => {
    if (state.key) onCreated?.(state.key);
  }, [state.key, onCreated]);
  return (
    <div className="create-key">
      <form action={action} onSubmit={submitKeepingValues(action)} className="form-inline" data-testid="create-key-form">
        <input type="hidden" name="projectId" value={projectId} />
        <label className="field">
          <span>Name</span>
          <input name="name" defaultValue={defaultScope === 'ingest' ? 'agent ingest key' : 'read key'} required maxLength={100} />
          {state.fieldErrors?.name ? <em className="field-error">{state.fieldErrors.name[0]}</em> : null}
        </label>
        <label className="field">
          <span>Scope</span>
          <select name="scope" defaultValue={defaultScope}>
            <option value="ingest">ingest (send spans)</option>
            <option value="read">read (query the API)</option>
          </select>
        </label>
        <button className="button primary" type="submit" disabled={pending}>
          {pending ? 'Creating…' : 'Create key'}
        </button>
      </form>
      {state.key ? (
        <div className="new-key" role="status">
          <div>
            <strong>{state.message}</strong> Copy it now: it is stored only as a hash and will not be shown again.
          </div>
          <div className="copy-row">
            <code data-testid="new-key">{state.key}</code>
            <button type="button" className="button small" onClick={() => navigator.clipboard?.writeText(state.key!)}>
              Copy
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
