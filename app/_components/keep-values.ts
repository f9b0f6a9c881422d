'use client';
/**
 * React resets a form after its `action` runs, which would throw away what a
 * person typed whenever the server answers with field errors. Submitting
 * through onSubmit keeps the inputs as they are; the action still runs in a
 * transition, so `pending` and the returned state work the same.
 */
import { startTransition, type FormEvent } from 'react';

export function submitKeepingValues(action: (form: FormData) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(() => action(form));
  };
}
