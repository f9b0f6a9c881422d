/** `toolscope migrate`: applies pending migrations; a second run applies nothing. */
import { parseFlags } from '../args.ts';
import type { CommandContext } from '../context.ts';
import { connectDatabase } from '../database.ts';

export async function migrateCommand(argv: string[], ctx: CommandContext): Promise<number> {
  parseFlags(argv, {}, 'toolscope migrate');
  const connection = await connectDatabase(ctx.config, { migrate: true, poolSize: 1, onProgress: (m) => ctx.out(m) });
  await connection.close();
  return 0;
}
