import { describe, expect, it } from 'vitest';
import { createBlock } from './blocks';
import { emailTemplateSchema, pickContent, type EmailTemplateInput } from './template';

const template = emailTemplateSchema.parse({
  defaultLanguage: 'en',
  contents: {
    en: { subject: 'Hello', blocks: [{ type: 'heading', text: 'Hello' }] },
    zh: { subject: '你好' },
    'zh-TW': { subject: '您好' },
    'zh-Hant': { subject: '繁體' },
    ja: { subject: 'こんにちは' },
  },
} satisfies EmailTemplateInput);
const subjectFor = (locale?: string | null) => pickContent(template, locale).subject;

describe('language fallback', () => {
  it('takes the exact locale, then the language, then the default language', () => {
    expect(subjectFor('zh-TW')).toBe('您好');
    expect(subjectFor('zh-HK')).toBe('你好');
    expect(subjectFor('zh')).toBe('你好');
    expect(subjectFor('fr-FR')).toBe('Hello');
    expect(subjectFor(null)).toBe('Hello');
    expect(subjectFor('')).toBe('Hello');
  });
  it('shortens longer tags step by step', () => {
    expect(subjectFor('zh-Hant-HK')).toBe('繁體');
    expect(pickContent(template, 'zh-Hant-HK').language).toBe('zh-Hant');
  });
  it('matches without regard to case and reads device locales such as zh_TW or ja_JP.UTF-8', () => {
    expect(subjectFor('ZH-tw')).toBe('您好');
    expect(subjectFor('zh_TW')).toBe('您好');
    expect(subjectFor('ja_JP.UTF-8')).toBe('こんにちは');
  });
  it('carries the theme and the chosen language to the renderer', () => {
    expect(pickContent(template, 'en-GB')).toMatchObject({
      language: 'en',
      theme: { primaryColor: '#33CCFF', secondaryColor: '#F4F4F4' },
      preheader: '',
      blocks: [{ type: 'heading', text: 'Hello' }],
    });
  });
});

describe('template schema', () => {
  it('needs content in the default language', () => {
    const result = emailTemplateSchema.safeParse({ defaultLanguage: 'ja', contents: { en: { subject: 'x' } } });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual(['The default language needs content.']);
  });
  it("asks for a subject with the spec's message, and refuses bad language codes", () => {
    const result = emailTemplateSchema.safeParse({ contents: { en: { subject: ' ' }, EN_us: { subject: 'x' } } });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual(
      expect.arrayContaining(['Please input the subject!', 'Use a language code such as en, ja or zh-Hant.']),
    );
  });
  it('holds at most 100 blocks per language', () => {
    const blocks = (n: number) => Array.from({ length: n }, () => createBlock('spacer'));
    expect(emailTemplateSchema.safeParse({ contents: { en: { subject: 'x', blocks: blocks(100) } } }).success).toBe(true);
    expect(emailTemplateSchema.safeParse({ contents: { en: { subject: 'x', blocks: blocks(101) } } }).success).toBe(false);
  });
  it('fills the theme and the default language', () => {
    expect(emailTemplateSchema.parse({ contents: { en: { subject: 'x' } } })).toMatchObject({
      defaultLanguage: 'en',
      theme: { primaryColor: '#33CCFF', secondaryColor: '#F4F4F4' },
    });
    expect(emailTemplateSchema.safeParse({ theme: { primaryColor: 'blue' }, contents: { en: { subject: 'x' } } }).error?.issues[0].message).toEqual('Invalid HEX color format');
  });
});
