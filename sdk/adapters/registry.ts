/** A set of tools addressed by name, however the caller holds them. */
import type { AnyTool } from '../tool.ts';

export type ToolSet = readonly AnyTool[] | Readonly<Record<string, AnyTool>>;

export function toRegistry(tools: ToolSet): ReadonlyMap<string, AnyTool> {
  const list = Array.isArray(tools) ? (tools as readonly AnyTool[]) : Object.values(tools as Record<string, AnyTool>);
  const registry = new Map<string, AnyTool>();
  for (const tool of list) {
    if (registry.has(tool.name)) throw new TypeError(`Two tools are named "${tool.name}"; tool names must be unique`);
    registry.set(tool.name, tool);
  }
  return registry;
}
