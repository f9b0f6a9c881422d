import { describe, expect, it } from 'vitest';
import { filterQuery, parseFilters } from './filters.ts';

const NOW = new Date('2026-11-21T12:00:00Z');

describe('dashboard filters in the URL', () => {
  it('default to the last 24 hours of every agent, model and tool', () => {
    const filters = parseFilters({}, NOW);
    expect(filters).toMatchObject({ range: '24h', project: undefined, agent: undefined, model: undefined, tool: undefined });
    expect(filters.from.toISOString()).toBe('2026-11-20T12:00:00.000Z');
    expect(filters.to).toEqual(NOW);
  });

  it('read presets, names and a custom range (UTC when no zone is given)', () => {
    expect(parseFilters({ range: '7d' }, NOW).from.toISOString()).toBe('2026-11-14T12:00:00.000Z');
    const custom = parseFilters({ from: '2026-11-01T00:00', to: '2026-11-02T06:30Z', agent: ' support ', tool: ['read_file', 'x'] }, NOW);
    expect(custom).toMatchObject({ range: 'custom', agent: 'support', tool: 'read_file' });
    expect(custom.from.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(custom.to.toISOString()).toBe('2026-11-02T06:30:00.000Z');
  });

  it('fall back instead of failing on bad values', () => {
    expect(parseFilters({ range: '1y', from: 'yesterday', to: '2026-11-01T00:00Z' }, NOW).range).toBe('24h');
    expect(parseFilters({ from: '2026-11-02T00:00Z', to: '2026-11-01T00:00Z' }, NOW).range).toBe('24h');
    expect(parseFilters({ agent: '' }, NOW).agent).toBeUndefined();
  });

  it('write back the same view, without defaults', () => {
    expect(filterQuery(parseFilters({}, NOW))).toBe('');
    expect(filterQuery(parseFilters({ project: 'default', range: '7d', agent: 'a' }, NOW), { tool: 't' })).toBe('?project=default&range=7d&agent=a&tool=t');
    const custom = parseFilters({ from: '2026-11-01T00:00Z', to: '2026-11-02T00:00Z' }, NOW);
    expect(parseFilters(Object.fromEntries(new URLSearchParams(filterQuery(custom))), NOW)).toEqual(custom);
  });
});
