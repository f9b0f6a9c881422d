'use server';
/**
 * People and their projects. Only admins manage accounts; a member sees the
 * projects they were added to (`visibleProjectIds`), nothing else.
 */
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { createUser, NewUserSchema } from '../../../collector/auth/users.ts';
import { currentUser } from '../../_lib/auth.ts';
import { db } from '../../_lib/db.ts';
import type { FormState } from './actions.ts';

async function requireAdmin(): Promise<string | null> {
  const user = await currentUser();
  if (!user) return 'Your session has expired; sign in again.';
  return user.role === 'admin' ? null : 'Only admins manage people.';
}

const AddPersonSchema = NewUserSchema.extend({ projectId: z.uuid() });

export async function addPersonAction(_previous: FormState, form: FormData): Promise<FormState> {
  const denied = await requireAdmin();
  if (denied) return { message: denied };
  const parsed = AddPersonSchema.safeParse({
    email: form.get('email'),
    password: form.get('password'),
    role: form.get('role'),
    projectId: form.get('projectId'),
  });
  if (!parsed.success) return { fieldErrors: z.flattenError(parsed.error).fieldErrors };
  const { prisma } = db();
  if (await prisma.user.findUnique({ where: { email: parsed.data.email } })) {
    return { fieldErrors: { email: ['Someone with this email exists; add them to the project below'] } };
  }
  const user = await createUser(prisma, parsed.data);
  if (user.role === 'member') await prisma.projectMember.create({ data: { userId: user.id, projectId: parsed.data.projectId } });
  revalidatePath('/settings');
  return { ok: true, message: `Added ${user.email}. Share the password with them; they can sign in now.` };
}

const MembershipSchema = z.object({ userId: z.uuid(), projectId: z.uuid() });

export async function addMembershipAction(form: FormData): Promise<void> {
  if (await requireAdmin()) throw new Error('only admins manage people');
  const parsed = MembershipSchema.safeParse({ userId: form.get('userId'), projectId: form.get('projectId') });
  if (!parsed.success) throw new Error('invalid membership');
  await db().prisma.projectMember.createMany({ data: [parsed.data], skipDuplicates: true });
  revalidatePath('/settings');
}

export async function removeMembershipAction(form: FormData): Promise<void> {
  if (await requireAdmin()) throw new Error('only admins manage people');
  const parsed = MembershipSchema.safeParse({ userId: form.get('userId'), projectId: form.get('projectId') });
  if (!parsed.success) throw new Error('invalid membership');
  await db().prisma.projectMember.deleteMany({ where: parsed.data });
  revalidatePath('/settings');
}
