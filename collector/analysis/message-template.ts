/**
 * Turns an error message into a template by replacing the parts that vary
 * between occurrences of the same error: quoted values, URLs, paths, uuids,
 * hex ids, emails, numbers. "File not found: a.txt" and "File not found:
 * b/c.md" both become "File not found: <path>".
 *
 * Order matters: broader shapes (quoted strings, URLs) go first so their
 * insides are not rewritten piecemeal.
 */

const RULES: ReadonlyArray<readonly [RegExp, string]> = [
  // Quoted values: "x", 'x', `x`, “x”.
  [/"(?:[^"\\]|\\.)*"/g, '<value>'],
  [/'(?:[^'\\\n]|\\.)*'/g, '<value>'],
  [/`[^`\n]*`/g, '<value>'],
  [/“[^”\n]*”/g, '<value>'],
  [/\b[a-z][a-z0-9+.-]*:\/\/[^\s,;)\]}>]+/gi, '<url>'],
  [/\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g, '<email>'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>'],
  // Paths: anything with a slash or backslash, a leading ./ ~/ or a drive letter.
  [/(?<![\\/.~])\b(?:[A-Za-z]:)?[\w@~+-]+(?:[\\/][\w.@~+-]+)+[\\/]?/g, '<path>'],
  [/(?:\b[A-Za-z]:|~|\.{1,2})?(?:[\\/][\w.@~+-]+)+[\\/]?/g, '<path>'],
  // Bare file names with an extension (a.txt, report.final.md), not version-like numbers.
  [/\b[\w-]*[A-Za-z_][\w-]*(?:\.[\w-]+)*\.[A-Za-z][A-Za-z0-9]{0,7}\b/g, '<path>'],
  // Hex ids (commit shas, span ids) and long opaque tokens with digits.
  [/\b(?:0x)?[0-9a-f]{8,}\b/gi, '<id>'],
  [/\b(?=[A-Za-z_-]*\d)(?=\d*[A-Za-z_-])[A-Za-z0-9_-]{12,}\b/g, '<id>'],
  [/[-+]?\b\d+(?:[.,:]\d+)*(?:e[-+]?\d+)?\b/gi, '<n>'],
];

const MAX_TEMPLATE_LENGTH = 300;

export function messageTemplate(message: string | null | undefined): string {
  if (!message) return '';
  let template = message.trim().replace(/\s+/g, ' ');
  for (const [pattern, placeholder] of RULES) template = template.replace(pattern, placeholder);
  // Runs of placeholders ("<n>, <n>, <n>") say the same as one.
  template = template.replace(/(<\w+>)(?:[ ,;]*\1)+/g, '$1');
  return template.length > MAX_TEMPLATE_LENGTH ? `${template.slice(0, MAX_TEMPLATE_LENGTH)}…` : template;
}
