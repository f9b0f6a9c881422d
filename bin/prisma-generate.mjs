#!/usr/bin/env node
// Generates the Prisma client into collector/db/generated (run on postinstall).
//
// `prisma generate` needs no database, but the CLI insists on locating a native
// schema-engine binary that these machines cannot download; any existing file
// satisfies the check, and generate never executes it.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const prismaCli = join(dirname(require.resolve('prisma/package.json')), 'build', 'index.js');

const result = spawnSync(process.execPath, [prismaCli, 'generate', '--schema', join(root, 'prisma', 'schema.prisma')], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
    DATABASE_URL: process.env.DATABASE_URL ?? 'postgresql://unused@127.0.0.1:5432/unused',
  },
  encoding: 'utf8',
});
if (result.status !== 0) {
  process.stderr.write(result.stdout + result.stderr);
  console.error('toolscope: `prisma generate` failed; see the output above.');
  process.exit(result.status ?? 1);
}
console.log('toolscope: Prisma client generated in collector/db/generated');
