/**
 * Verdicts the SDK recorded on run spans (`toolscope.loop.verdicts`,
 * `toolscope.contract.violations`), read without trusting their shape: other
 * SDK versions or hand-made spans may carry anything.
 */
import { Toolscope } from '../../sdk/attributes.ts';
import { digest } from './loops.ts';

export interface SdkFinding {
  kind: 'loop' | 'contract';
  type: string;
  key: string;
  tools: string[];
  spanIds: string[];
  length: number;
  message: string;
  detail: Record<string, unknown>;
}

const asArray = (value: unknown): unknown[] => {
  if (typeof value === 'string') {
    try {
      return asArray(JSON.parse(value));
    } catch {
      return [];
    }
  }
  return Array.isArray(value) ? value : [];
};
const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/**
 * The SDK extends a verdict while its loop goes on, and each model turn may
 * carry the verdicts so far: keep one finding per key, the longest.
 */
export function sdkFindings(attributeSets: readonly Record<string, unknown>[]): SdkFinding[] {
  const byKey = new Map<string, SdkFinding>();
  const keep = (finding: SdkFinding) => {
    const seen = byKey.get(finding.key);
    if (!seen || finding.length >= seen.length) byKey.set(finding.key, finding);
  };
  for (const attributes of attributeSets) {
    for (const item of asArray(attributes[Toolscope.LOOP_VERDICTS])) {
      if (!item || typeof item !== 'object') continue;
      const verdict = item as Record<string, unknown>;
      const type = str(verdict.type);
      if (!type) continue;
      const spanIds = strings(verdict.spanIds);
      const tools = str(verdict.tool) ? [str(verdict.tool)!] : strings(verdict.tools);
      // The first call identifies a loop as it grows; loops without calls (iterations, cost) are one per run.
      const anchor = spanIds[0] ?? tools.join(',');
      keep({
        kind: 'loop',
        type,
        key: `sdk:${type}:${anchor}`,
        tools,
        spanIds,
        length: typeof verdict.length === 'number' ? verdict.length : spanIds.length,
        message: str(verdict.message) ?? `${type} reported by the SDK`,
        detail: { errorType: verdict.errorType ?? null },
      });
    }
    for (const item of asArray(attributes[Toolscope.CONTRACT_VIOLATIONS])) {
      if (!item || typeof item !== 'object') continue;
      const violation = item as Record<string, unknown>;
      const rule = str(violation.rule);
      const tool = str(violation.tool);
      if (!rule || !tool) continue;
      const message = str(violation.message) ?? `${rule} violated for ${tool}`;
      keep({
        kind: 'contract',
        type: rule,
        key: `sdk:${rule}:${tool}:${digest(message)}`,
        tools: [tool],
        spanIds: [],
        length: 0,
        message,
        detail: { next: violation.next ?? null, errorType: violation.errorType ?? null },
      });
    }
  }
  return [...byKey.values()];
}
