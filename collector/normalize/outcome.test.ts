import { describe, expect, it } from 'vitest';
import { parseJsonDeep } from './attribute-values.ts';
import { inferResultVerdict, mightReportFailure } from './outcome.ts';

function verdictOf(resultText: string) {
  return inferResultVerdict(parseJsonDeep(resultText));
}

describe('failures inferred from the result', () => {
  it.each([
    ['{"success": false}', null],
    ['{"ok": false, "message": "quota used up"}', 'quota used up'],
    ['{"error": "disk full"}', 'disk full'],
    ['{"error": {"code": "ENOENT", "message": "no such file"}}', 'no such file'],
    ['{"isError": true, "content": [{"type": "text", "text": "Tool failed: bad path"}]}', 'Tool failed: bad path'],
    ['{"status": "error", "detail": "upstream said no"}', 'upstream said no'],
    ['{"status": "FAILED"}', null],
    ['{"errors": [], "error": ["first problem"]}', '["first problem"]'],
    // Double-encoded: a JSON string holding the JSON result.
    [JSON.stringify(JSON.stringify({ success: false, error: 'nested' })), 'nested'],
  ])('%s is a failure (message %s)', (text, message) => {
    const verdict = verdictOf(text);
    expect(verdict.failed).toBe(true);
    expect(verdict.message).toBe(message);
    // Plain JSON results are parsed only past this pre-check (double-encoded ones always are).
    if (text.startsWith('{')) expect(mightReportFailure(text)).toBe(true);
  });

  it.each([
    ['{"success": true, "error": null}'],
    ['{"ok": true}'],
    ['{"error": ""}'],
    ['{"error": {}}'],
    ['{"error": false}'],
    ['{"status": "ok"}'],
    ['{"isError": false, "content": []}'],
    ['{"result": {"error": "nested errors are data, not the outcome"}}'],
    ['[{"error": "array results are data"}]'],
    ['plain text that mentions an error'],
    ['"error"'],
    ['{not json'],
  ])('%s is not a failure', (text) => {
    expect(verdictOf(text).failed).toBe(false);
  });

  it('parses a result only when its text could say it failed', () => {
    for (const failing of ['{"success": false}', '{"ok":false}', '{"isError" : true}', '{"error": "x"}', '{"status": "FAILED"}']) {
      expect(mightReportFailure(failing)).toBe(true);
    }
    for (const succeeding of ['{"ok": true, "lines": ["a"]}', '{"success":true}', '{"isError": false}', '{"rows": [1, 2]}']) {
      expect(mightReportFailure(succeeding)).toBe(false);
    }
  });

  it('reads a code for classification', () => {
    expect(verdictOf('{"error": {"code": "ENOENT"}}').code).toBe('ENOENT');
    expect(verdictOf('{"success": false, "statusCode": 429}').code).toBe('429');
    expect(verdictOf('{"status": "error"}').code).toBeNull();
  });
});
