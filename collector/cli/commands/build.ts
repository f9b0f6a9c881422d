/** `toolscope build`: builds the dashboard now (e.g. in a Docker image) instead of at first start. */
import { parseFlags } from '../args.ts';
import type { CommandContext } from '../context.ts';
import { dashboardBuildIsCurrent, ensureDashboardBuilt } from '../dashboard.ts';

export async function buildCommand(argv: string[], ctx: CommandContext): Promise<number> {
  parseFlags(argv, {}, 'toolscope build');
  if (dashboardBuildIsCurrent()) {
    ctx.out('the dashboard build is current');
    return 0;
  }
  await ensureDashboardBuilt((message) => ctx.err(`toolscope: ${message}`));
  return 0;
}
