import { describe, expect, it } from 'vitest';
import { messageTemplate } from './message-template.ts';

describe('messageTemplate', () => {
  it('groups messages that differ only in the path', () => {
    expect(messageTemplate('File not found: a.txt')).toBe('File not found: <path>');
    expect(messageTemplate('File not found: b/c.md')).toBe('File not found: <path>');
    expect(messageTemplate('File not found: /etc/hosts')).toBe('File not found: <path>');
    expect(messageTemplate('File not found: C:\\temp\\x.log')).toBe('File not found: <path>');
    expect(messageTemplate('File not found: ../hello.java')).toBe('File not found: <path>');
  });

  it('replaces numbers, uuids, hex ids and quoted values', () => {
    expect(messageTemplate('offset 120 is past the end (file has 37 lines)')).toBe(
      'offset <n> is past the end (file has <n> lines)',
    );
    expect(messageTemplate('user 3f2b9c1e-8d4a-4c1b-9e2f-0a1b2c3d4e5f not found')).toBe('user <uuid> not found');
    expect(messageTemplate('commit deadbeefcafe1234 missing')).toBe('commit <id> missing');
    expect(messageTemplate('unknown tool "serach_files"')).toBe('unknown tool <value>');
    expect(messageTemplate("unknown tool 'grep2'")).toBe('unknown tool <value>');
  });

  it('replaces urls and emails', () => {
    expect(messageTemplate('GET https://api.example.com/v1/items?id=4 returned 503')).toBe('GET <url> returned <n>');
    expect(messageTemplate('no account for ann@example.org')).toBe('no account for <email>');
  });

  it('keeps the words that say what went wrong', () => {
    expect(messageTemplate('Rate limit exceeded, retry after 30s')).toBe('Rate limit exceeded, retry after 30s');
    expect(messageTemplate('Permission denied')).toBe('Permission denied');
    expect(messageTemplate('request timed out after 5000 ms')).toBe('request timed out after <n> ms');
  });

  it('collapses runs of placeholders and whitespace', () => {
    expect(messageTemplate('bad ids: 1, 2, 3')).toBe('bad ids: <n>');
    expect(messageTemplate('  a   lot\n of space  ')).toBe('a lot of space');
  });

  it('handles empty input', () => {
    expect(messageTemplate(null)).toBe('');
    expect(messageTemplate('')).toBe('');
  });
});
