/** Projects: the unit of isolation. Every record, key and rule belongs to one. */
import { z } from 'zod';
import type { PrismaClient } from '../db/client.ts';

export const ProjectNameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(64, 'must be at most 64 characters')
  .regex(/^[a-z0-9][a-z0-9._-]*$/i, 'may hold letters, digits, ".", "_" and "-", starting with a letter or digit');

export class ProjectNotFoundError extends Error {
  override name = 'ProjectNotFoundError';
  constructor(name: string) {
    super(`no project named ${JSON.stringify(name)}; list them with \`toolscope projects list\` or create it with \`toolscope projects create ${name}\``);
  }
}

export class ProjectExistsError extends Error {
  override name = 'ProjectExistsError';
  constructor(name: string) {
    super(`a project named ${JSON.stringify(name)} already exists`);
  }
}

export async function createProject(prisma: PrismaClient, rawName: string) {
  const name = ProjectNameSchema.parse(rawName);
  const existing = await prisma.project.findUnique({ where: { name } });
  if (existing) throw new ProjectExistsError(name);
  return prisma.project.create({ data: { name } });
}

export async function findProjectByName(prisma: PrismaClient, name: string) {
  const project = await prisma.project.findUnique({ where: { name } });
  if (!project) throw new ProjectNotFoundError(name);
  return project;
}
