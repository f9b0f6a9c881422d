import { describe, expect, it } from 'vitest';
import { DEFAULT_REFUSAL_PHRASES, detectRefusal, findRefusalPhrases } from './refusal.ts';

describe('the refusal table', () => {
  // Seed 004 lists these as the minimum the keyword table must hold.
  it.each(["I don't have tools", 'tools are unavailable', '没有可用的工具', '无法调用工具'])('holds the seed phrase %s as hard', (phrase) => {
    expect(DEFAULT_REFUSAL_PHRASES).toContainEqual(expect.objectContaining({ phrase, kind: 'hard' }));
  });

  it.each(DEFAULT_REFUSAL_PHRASES.map((entry) => [entry.phrase, entry.kind, entry.language] as const))(
    'finds "%s" (%s, %s) inside a longer reply',
    (phrase, kind, language) => {
      const text = language === 'zh' ? `抱歉，${phrase}，请稍后再试。` : `Sorry, ${phrase.toUpperCase()} right now.`;
      expect(findRefusalPhrases(text)).toContainEqual({ phrase, kind, language });
    },
  );

  it('matches typographic apostrophes and broken whitespace', () => {
    expect(findRefusalPhrases('Sorry — I don’t   have\ntools here.').map((hit) => hit.phrase)).toContain("I don't have tools");
  });

  it('finds nothing in an ordinary answer', () => {
    expect(findRefusalPhrases('The key risk of Project Alpha is the dependency on API v2.')).toEqual([]);
    expect(findRefusalPhrases('项目 Alpha 的主要风险是对外部 API v2 的依赖。')).toEqual([]);
  });

  it('accepts phrases of the user', () => {
    const phrases = [...DEFAULT_REFUSAL_PHRASES, { phrase: 'ich habe keine Werkzeuge', language: 'de', kind: 'hard' as const }];
    expect(findRefusalPhrases('Leider: ich habe keine Werkzeuge.', phrases)).toEqual([
      { phrase: 'ich habe keine Werkzeuge', language: 'de', kind: 'hard' },
    ]);
  });
});

describe('detectRefusal', () => {
  it('is hard when a hard phrase appears and no tool was called, whatever tool_choice said', () => {
    const verdict = detectRefusal({ text: 'Tools are unavailable in this chat.', toolCallExpected: false, toolCallMade: false });
    expect(verdict).toEqual({ kind: 'hard', hits: [{ phrase: 'tools are unavailable', language: 'en', kind: 'hard' }] });
  });

  it('is never a refusal when the model called a tool', () => {
    expect(detectRefusal({ text: "I don't have tools, but here goes", toolCallExpected: true, toolCallMade: true })).toBeUndefined();
  });

  it('is soft when a call was required and the model explained instead, with the soft phrases it used', () => {
    const verdict = detectRefusal({
      text: "As an AI language model, I can't access your files. You can run the following: ls",
      toolCallExpected: true,
      toolCallMade: false,
    });
    expect(verdict?.kind).toBe('soft');
    expect(verdict?.hits.map((hit) => hit.phrase)).toEqual(['as an AI language model', "I can't access your", 'you can run the following']);
  });

  it('is soft, without hits, for any explanation given instead of a required call', () => {
    expect(detectRefusal({ text: 'The file probably lists the risks.', toolCallExpected: true, toolCallMade: false })).toEqual({ kind: 'soft', hits: [] });
  });

  it('lets soft phrases pass when no call was expected: a plain answer may mention its limits', () => {
    expect(detectRefusal({ text: 'As an AI language model I have no opinions.', toolCallExpected: false, toolCallMade: false })).toBeUndefined();
  });

  it('is not a refusal to say nothing', () => {
    expect(detectRefusal({ text: '', toolCallExpected: true, toolCallMade: false })).toBeUndefined();
  });
});
