import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GenAI, GenAIOperation, OpenInference, Otel, Toolscope, ToolscopeEvent, Traceloop, VercelAI } from './attributes.ts';
import { QUALIFIED_ERROR_TYPES } from './taxonomy.ts';

const doc = readFileSync(new URL('../docs/attributes.md', import.meta.url), 'utf8');

describe('docs/attributes.md', () => {
  const names = [GenAI, GenAIOperation, Otel, Toolscope, ToolscopeEvent, OpenInference, Traceloop, VercelAI].flatMap((group) => Object.values(group));

  it.each(names)('documents `%s`', (name) => {
    expect(doc).toContain(`\`${name}\``);
  });

  it.each(QUALIFIED_ERROR_TYPES.map((type) => type.split('/') as [string, string]))('lists the taxonomy type %s/%s', (category, type) => {
    const row = doc.split('\n').find((line) => line.startsWith(`| \`${category}\` |`));
    expect(row).toContain(`\`${type}\``);
  });
});
