/** The read API under /api/v1: one line per route module. */
import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../deps.ts';
import { registerToolCallRoutes } from './tool-calls.ts';
import { registerToolRoutes } from './tools.ts';

export function registerApiRoutes(app: FastifyInstance, deps: ServerDeps): void {
  registerToolCallRoutes(app, deps);
  registerToolRoutes(app, deps);
}
