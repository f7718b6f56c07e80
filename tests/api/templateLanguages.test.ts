/**
 * Template languages: each language's translation status against the default language and the organization's
 * languages, the translators' save of every language at once, and a duplicate that adds languages to translate.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { ApiClient, manualClock, startHerald } from '../support/herald';

let herald: LocalHerald;
let admin: ApiClient;
const clock = manualClock(Date.UTC(2026, 10, 24, 9));
const lang = (subject: string) => ({ subject, blocks: [{ type: 'heading', text: subject }] });

beforeAll(async () => {
  herald = await startHerald({ clock });
  admin = new ApiClient(herald);
  await admin.login();
  await admin.ok('language.save', { name: 'Chinese', code: 'zh' });
  await admin.ok('language.save', { name: 'Japanese', code: 'ja' });
});
afterAll(() => herald?.stop());

const statuses = async (id: string) => Object.fromEntries((await admin.ok('templateMessage.getMultiLanguages', { id })).languages.map((l) => [l.code, l.status]));

it('tells each language translated, outdated or missing, against the default language and the organization’s languages', async () => {
  const saved = await admin.ok('templateMessage.save', { name: 'Welcome', template: { defaultLanguage: 'en', contents: { en: lang('Hello'), ja: lang('こんにちは') } } });
  const first = await admin.ok('templateMessage.getMultiLanguages', { id: saved.id });
  expect(first.languages.map((l) => [l.code, l.name, l.status])).toEqual([
    ['en', 'English', 'DEFAULT'],
    ['ja', 'Japanese', 'TRANSLATED'],
    ['zh', 'Chinese', 'MISSING'],
  ]);

  // the default language changes: the Japanese text is now behind it
  clock.advance(60_000);
  const edited = await admin.ok('templateMessage.save', { ...saved, template: { ...saved.template, contents: { ...saved.template.contents, en: lang('Hello again') } } });
  expect(await statuses(saved.id)).toEqual({ en: 'DEFAULT', ja: 'OUTDATED', zh: 'MISSING' });

  // the translators save every language at once; the theme stays the builder's
  clock.advance(60_000);
  const translated = await admin.ok('templateMessage.saveMultiLanguages', {
    id: saved.id,
    version: edited.version,
    template: {
      defaultLanguage: 'en',
      theme: { primaryColor: '#000000', secondaryColor: '#FFFFFF' },
      contents: { en: lang('Hello again'), ja: lang('またこんにちは'), zh: lang('你好') },
    },
  });
  expect(translated.template.theme).toEqual(saved.template.theme);
  expect(translated.languages).toEqual(['en', 'ja', 'zh']);
  expect(await statuses(saved.id)).toEqual({ en: 'DEFAULT', ja: 'TRANSLATED', zh: 'TRANSLATED' });
  const stale = await admin.call('templateMessage.saveMultiLanguages', { id: saved.id, version: edited.version, template: translated.template });
  expect(stale.body.errorCode).toBe('720007');
});

it('duplicates with more languages: each added one starts as the default content, to be translated', async () => {
  const source = await admin.ok('templateMessage.save', { name: 'Sale', template: { defaultLanguage: 'en', contents: { en: lang('Sale') } } });
  const copy = await admin.ok('templateMessage.duplicateWithTranslation', { id: source.id, languages: ['ja', 'zh'] });
  expect(copy.name).toBe('Sale (copy)');
  expect(copy.template.contents.ja).toEqual(copy.template.contents.en);
  expect(await statuses(copy.id)).toEqual({ en: 'DEFAULT', ja: 'OUTDATED', zh: 'OUTDATED' });
  expect(await statuses(source.id)).toEqual({ en: 'DEFAULT', ja: 'MISSING', zh: 'MISSING' });
  const bad = await admin.call('templateMessage.duplicateWithTranslation', { id: source.id, languages: ['not a code'] });
  expect(bad.status).toBe(400);
  expect(bad.body.errorCode).toBe('400016');
});

it('a language added in the builder as a copy of the default needs its translation until it is changed', async () => {
  const saved = await admin.ok('templateMessage.save', { name: 'Copied', template: { defaultLanguage: 'en', contents: { en: lang('Hi') } } });
  clock.advance(60_000);
  const added = await admin.ok('templateMessage.save', { ...saved, template: { ...saved.template, contents: { en: lang('Hi'), ja: lang('Hi') } } });
  expect(await statuses(saved.id)).toMatchObject({ en: 'DEFAULT', ja: 'OUTDATED' });
  clock.advance(60_000);
  await admin.ok('templateMessage.save', { ...added, template: { ...added.template, contents: { en: lang('Hi'), ja: lang('こんにちは') } } });
  expect(await statuses(saved.id)).toMatchObject({ en: 'DEFAULT', ja: 'TRANSLATED' });
});
