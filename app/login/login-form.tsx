'use client';
import { submitKeepingValues } from '../_components/keep-values.ts';
import { useActionState } from 'react';
import { signIn, type SignInState } from '../_lib/session-actions.ts';

export function LoginForm({ next }: { next: string | undefined }) {
  const [state, action, pending] = useActionState<SignInState, FormData>(signIn, {});
  return (
    <form action={action} onSubmit={submitKeepingValues(action)} className="form" noValidate>
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <label className="field">
        <span>Email</span>
        <input name="email" type="email" autoComplete="username" defaultValue={state.email} required autoFocus />
        {state.fieldErrors?.email ? <em className="field-error">{state.fieldErrors.email[0]}</em> : null}
      </label>
      <label className="field">
        <span>Password</span>
        <input name="password" type="password" autoComplete="current-password" required />
        {state.fieldErrors?.password ? <em className="field-error">{state.fieldErrors.password[0]}</em> : null}
      </label>
      {state.message ? (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      ) : null}
      <button className="button primary" type="submit" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
