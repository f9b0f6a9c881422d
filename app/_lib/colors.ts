/** One colour per error category, the same in every chart, badge and table. */
export const CATEGORY_COLORS: Record<string, string> = {
  selection: '#8b5cf6',
  arguments: '#f59e0b',
  execution: '#ef4444',
  protocol: '#0ea5e9',
  orchestration: '#ec4899',
  unknown: '#94a3b8',
};

export function categoryColor(category: string | null | undefined): string {
  return CATEGORY_COLORS[category ?? 'unknown'] ?? CATEGORY_COLORS.unknown!;
}

export const SERIES_COLORS = {
  calls: '#c7d2fe',
  successes: '#a5b4fc',
  failures: '#f87171',
  accuracy: '#4f46e5',
  p50: '#60a5fa',
  p95: '#f59e0b',
} as const;
