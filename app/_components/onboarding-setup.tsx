'use client';
/** Steps 1 and 2 of onboarding: create a key, then copy the environment with that key already in it. */
import { useState } from 'react';
import { CreateKeyForm } from '../(dashboard)/settings/create-key-form.tsx';

export function OnboardingSetup({ projectId, endpoint }: { projectId: string; endpoint: string }) {
  const [key, setKey] = useState<string | null>(null);
  return (
    <>
      <li>
        <strong>Create an ingest key</strong> for this project.
        <CreateKeyForm projectId={projectId} defaultScope="ingest" onCreated={setKey} />
      </li>
      <li>
        <strong>Point your agent at the collector</strong>:
        <pre className="code" data-testid="onboarding-endpoint">{`export TOOLSCOPE_ENDPOINT=${endpoint}
export TOOLSCOPE_API_KEY=${key ?? '<the key from step 1>'}`}</pre>
      </li>
    </>
  );
}
