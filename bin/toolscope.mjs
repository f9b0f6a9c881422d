#!/usr/bin/env node
// The `toolscope` command. The collector is TypeScript run through tsx, so the
// package needs no build step before `npm start`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../collector/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
