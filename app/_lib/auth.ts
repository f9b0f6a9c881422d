/**
 * Who is signed in, and which project they are looking at. Every page and
 * server action goes through here: a valid signed session cookie, a user that
 * still exists, and a project among `visibleProjectIds`.
 */
import 'server-only';
import { cookies } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { visibleProjectIds } from '../../collector/auth/users.ts';
import { SESSION_COOKIE, sessionSecret, verifySessionToken } from '../../collector/auth/sessions.ts';
import { db } from './db.ts';

export interface SignedInUser {
  id: string;
  email: string;
  role: string;
}

export interface ProjectRef {
  id: string;
  name: string;
}

/** The signed-in user, or null. Cached per request so layout and page share one lookup. */
export const currentUser = cache(async (): Promise<SignedInUser | null> => {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return null;
  const { prisma } = db();
  const session = verifySessionToken(token, await sessionSecret(prisma));
  if (!session) return null;
  const user = await prisma.user.findUnique({ where: { id: session.userId } });
  return user ? { id: user.id, email: user.email, role: user.role } : null;
});

export async function requireUser(): Promise<SignedInUser> {
  const user = await currentUser();
  if (!user) redirect('/login');
  return user;
}

/** Projects the user may see, by name; cached per request. */
export const visibleProjects = cache(async (userId: string): Promise<ProjectRef[]> => {
  const { prisma } = db();
  const ids = await visibleProjectIds(prisma, userId);
  if (ids.length === 0) return [];
  return prisma.project.findMany({ where: { id: { in: ids } }, select: { id: true, name: true }, orderBy: { name: 'asc' } });
});

export interface ProjectScope {
  user: SignedInUser;
  projects: ProjectRef[];
  /** Null only when the user may see no project at all. */
  project: ProjectRef | null;
}

/**
 * The project a page shows: the one named in the URL, else `default`, else the
 * first visible. A project the user may not see answers 404, the same as one
 * that does not exist, so names do not leak.
 */
export async function requireProjectScope(projectName: string | undefined): Promise<ProjectScope> {
  const user = await requireUser();
  const projects = await visibleProjects(user.id);
  if (projectName) {
    const project = projects.find((p) => p.name === projectName);
    if (!project) notFound();
    return { user, projects, project };
  }
  const project = projects.find((p) => p.name === 'default') ?? projects[0] ?? null;
  return { user, projects, project };
}

/** For server actions: throws unless the signed-in user may act on this project. */
export async function authorizeProject(projectId: string): Promise<SignedInUser> {
  const user = await currentUser();
  if (!user) throw new Error('not signed in');
  const projects = await visibleProjects(user.id);
  if (!projects.some((p) => p.id === projectId)) throw new Error('no access to this project');
  return user;
}
