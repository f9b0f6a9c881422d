/**
 * Refusal detection on model text. A *hard* refusal claims the tools are not
 * there or refuses outright; a *soft* refusal explains or points at the
 * environment instead of acting. Soft phrases only count when a tool call was
 * expected, because "I can't access the internet" is a fine answer to a
 * question that needs no tool.
 */

export type RefusalKind = 'hard' | 'soft';

export interface RefusalPhrase {
  readonly phrase: string;
  readonly language: string;
  readonly kind: RefusalKind;
}

export interface RefusalHit extends RefusalPhrase {}

const hard = (language: string, ...phrases: string[]): RefusalPhrase[] =>
  phrases.map((phrase) => ({ phrase, language, kind: 'hard' as const }));
const soft = (language: string, ...phrases: string[]): RefusalPhrase[] =>
  phrases.map((phrase) => ({ phrase, language, kind: 'soft' as const }));

/** The built-in table. Extend it through `refusalPhrases` on `createToolscope` or per call. */
export const DEFAULT_REFUSAL_PHRASES: readonly RefusalPhrase[] = [
  ...hard(
    'en',
    "I don't have tools",
    'I do not have tools',
    "I don't have any tools",
    "I don't have access to tools",
    'I do not have access to tools',
    'tools are unavailable',
    'tools are not available',
    'no tools are available',
    "I can't call tools",
    'I cannot call tools',
    'I cannot use tools',
    "I can't use tools",
    'I am unable to call',
    "I'm unable to call",
    "I'm not able to use tools",
    "I can't help with that",
    'I cannot help with that',
    "I won't be able to do that",
  ),
  ...hard('zh', '没有可用的工具', '无法调用工具', '我没有工具', '工具不可用', '不能调用工具', '无法使用工具', '我不能使用工具', '我无法帮助'),
  ...soft(
    'en',
    'as an AI language model',
    'as an AI, I',
    "I don't have access to your",
    'I do not have access to your',
    "I can't access your",
    'I cannot access your',
    "I'm unable to access",
    'I am unable to access',
    "I can't directly",
    'I cannot directly',
    'you can run the following',
    'you could try running',
    'you can check the file yourself',
    'in my current environment',
  ),
  ...soft('zh', '作为一个AI', '作为AI语言模型', '我无法访问', '我不能直接', '无法直接访问', '请您自行', '你可以自己', '在当前环境中'),
];

/** Lower case, typographic apostrophes and quotes made plain, runs of whitespace made one space. */
export function normaliseForMatching(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .replace(/\s+/g, ' ');
}

/** Every phrase of the table that occurs in `text`, each at most once. */
export function findRefusalPhrases(text: string, phrases: readonly RefusalPhrase[] = DEFAULT_REFUSAL_PHRASES): RefusalHit[] {
  if (!text) return [];
  const haystack = normaliseForMatching(text);
  const hits: RefusalHit[] = [];
  const seen = new Set<string>();
  for (const entry of phrases) {
    const needle = normaliseForMatching(entry.phrase);
    if (needle === '' || seen.has(needle) || !haystack.includes(needle)) continue;
    seen.add(needle);
    hits.push({ phrase: entry.phrase, language: entry.language, kind: entry.kind });
  }
  return hits;
}

export interface RefusalVerdict {
  readonly kind: RefusalKind;
  readonly hits: readonly RefusalHit[];
}

/**
 * Decides whether a model turn was a refusal.
 * - a turn that called a tool is never a refusal;
 * - any hard phrase → hard;
 * - otherwise, when a tool call was expected but none came: soft (with the soft phrases that matched,
 *   possibly none: text instead of the required action is itself the soft refusal).
 */
export function detectRefusal(input: {
  readonly text: string | null | undefined;
  readonly toolCallExpected: boolean;
  readonly toolCallMade: boolean;
  readonly phrases?: readonly RefusalPhrase[];
}): RefusalVerdict | undefined {
  // A model that called a tool acted, whatever its text says.
  if (input.toolCallMade) return undefined;
  const hits = findRefusalPhrases(input.text ?? '', input.phrases);
  const hardHits = hits.filter((hit) => hit.kind === 'hard');
  if (hardHits.length > 0) return { kind: 'hard', hits };
  if (input.toolCallExpected && (input.text ?? '').trim() !== '') {
    return { kind: 'soft', hits };
  }
  return undefined;
}
