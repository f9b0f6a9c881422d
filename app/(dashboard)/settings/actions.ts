'use server';
/**
 * Settings writes: projects and API keys. Each action validates its form with
 * zod, checks the signed-in user may act on the project, and returns field
 * errors instead of throwing, so the form can show them in place.
 */
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { createApiKey, KeyScopeSchema } from '../../../collector/auth/api-keys.ts';
import { createProject, ProjectExistsError, ProjectNameSchema } from '../../../collector/projects/projects.ts';
import { authorizeProject, currentUser } from '../../_lib/auth.ts';
import { db } from '../../_lib/db.ts';

export interface FormState {
  ok?: boolean;
  message?: string;
  fieldErrors?: Record<string, string[] | undefined>;
}

export interface CreateKeyState extends FormState {
  /** The whole key, shown once: only its hash is stored. */
  key?: string;
  prefix?: string;
}

const CreateKeySchema = z.object({
  projectId: z.uuid(),
  scope: KeyScopeSchema,
  name: z.string().trim().min(1, 'Give the key a name').max(100, 'At most 100 characters'),
});

export async function createKeyAction(_previous: CreateKeyState, form: FormData): Promise<CreateKeyState> {
  const parsed = CreateKeySchema.safeParse({
    projectId: form.get('projectId'),
    scope: form.get('scope'),
    name: form.get('name'),
  });
  if (!parsed.success) return { fieldErrors: z.flattenError(parsed.error).fieldErrors };
  await authorizeProject(parsed.data.projectId);
  const created = await createApiKey(db().prisma, parsed.data);
  revalidatePath('/settings');
  return { ok: true, key: created.key, prefix: created.prefix, message: `Created ${created.scope} key “${created.name}”.` };
}

const RevokeKeySchema = z.object({ projectId: z.uuid(), keyId: z.uuid() });

export async function revokeKeyAction(form: FormData): Promise<void> {
  const parsed = RevokeKeySchema.safeParse({ projectId: form.get('projectId'), keyId: form.get('keyId') });
  if (!parsed.success) throw new Error('invalid revoke request');
  await authorizeProject(parsed.data.projectId);
  // Scoped by project too, so a key id from another project cannot be revoked through this one.
  await db().prisma.apiKey.updateMany({
    where: { id: parsed.data.keyId, projectId: parsed.data.projectId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  revalidatePath('/settings');
}

const CreateProjectSchema = z.object({ name: ProjectNameSchema });

export async function createProjectAction(_previous: FormState, form: FormData): Promise<FormState> {
  const user = await currentUser();
  if (!user) return { message: 'Your session has expired; sign in again.' };
  if (user.role !== 'admin') return { message: 'Only admins can create projects.' };
  const parsed = CreateProjectSchema.safeParse({ name: form.get('name') });
  if (!parsed.success) return { fieldErrors: z.flattenError(parsed.error).fieldErrors };
  try {
    await createProject(db().prisma, parsed.data.name);
  } catch (error) {
    if (error instanceof ProjectExistsError) return { fieldErrors: { name: ['A project with this name exists'] } };
    throw error;
  }
  revalidatePath('/', 'layout');
  return { ok: true, message: `Created project “${parsed.data.name}”.` };
}
