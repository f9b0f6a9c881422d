'use server';
/** Contract writes, through the collector's contract module (the same rules the API and CLI use). */
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { setContractEnabled, upsertContract, UpsertContractInputSchema } from '../../../collector/analysis/contracts.ts';
import { authorizeProject } from '../../_lib/auth.ts';
import { db } from '../../_lib/db.ts';
import type { FormState } from './actions.ts';

export async function saveContractAction(_previous: FormState, form: FormData): Promise<FormState> {
  const projectId = String(form.get('projectId') ?? '');
  let definition: unknown;
  try {
    definition = JSON.parse(String(form.get('definition') ?? ''));
  } catch (error) {
    return { fieldErrors: { definition: [`Not valid JSON: ${(error as Error).message}`] } };
  }
  const parsed = UpsertContractInputSchema.safeParse({
    projectId,
    agent: form.get('agent'),
    definition,
    enabled: form.get('enabled') === 'on',
  });
  if (!parsed.success) {
    // Issues inside the definition are reported against the JSON field, with their path.
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const [field, ...rest] = issue.path.map(String);
      const key = field ?? 'form';
      (fieldErrors[key] ??= []).push(rest.length ? `${rest.join('.')}: ${issue.message}` : issue.message);
    }
    return { fieldErrors };
  }
  await authorizeProject(parsed.data.projectId);
  await upsertContract(db(), parsed.data);
  revalidatePath('/settings');
  return { ok: true, message: `Saved the contract of “${parsed.data.agent}”.` };
}

const ToggleSchema = z.object({ projectId: z.uuid(), agent: z.string().min(1), enabled: z.enum(['true', 'false']) });

export async function toggleContractAction(form: FormData): Promise<void> {
  const parsed = ToggleSchema.safeParse({ projectId: form.get('projectId'), agent: form.get('agent'), enabled: form.get('enabled') });
  if (!parsed.success) throw new Error('invalid contract toggle');
  await authorizeProject(parsed.data.projectId);
  await setContractEnabled(db(), { projectId: parsed.data.projectId, agent: parsed.data.agent }, parsed.data.enabled === 'true');
  revalidatePath('/settings');
}
