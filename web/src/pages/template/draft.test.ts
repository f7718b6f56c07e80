import { describe, expect, it } from 'vitest';
import { emailTemplateSchema } from '../../../../shared/render';
import { templateMessageView } from '../../../../shared/services/templateMessage';
import * as edits from './draft';
import { draftFromView, languagesOf, newDraft, toSavePayload } from './draft';

const ids = (d: edits.Draft, l = 'en') => d.contents[l].blocks.map((b) => b.type);

describe("a new template in the organization's default language", () => {
  it('starts its content in that language, and blocks added to it start with its texts', () => {
    let d = newDraft('ja');
    expect(d.defaultLanguage).toBe('ja');
    expect(Object.keys(d.contents)).toEqual(['ja']);
    [d] = edits.addBlock(d, 'ja', 'button');
    [d] = edits.addBlock(d, 'ja', 'paragraph');
    expect(d.contents.ja.blocks).toMatchObject([{ text: '詳しく見る' }, { text: 'ここに本文を入力します。' }]);
    let zh = newDraft('zh');
    [zh] = edits.addBlock(zh, 'zh', 'heading');
    expect(zh.contents.zh.blocks[0]).toMatchObject({ text: '小标题' });
  });
});

describe('block edits', () => {
  it('adds blocks with their registry defaults and a key, where asked', () => {
    let d = newDraft();
    [d] = edits.addBlock(d, 'en', 'heading');
    [d] = edits.addBlock(d, 'en', 'button');
    const [withParagraph, key] = edits.addBlock(d, 'en', 'paragraph', 1);
    expect(ids(withParagraph)).toEqual(['heading', 'paragraph', 'button']);
    expect(withParagraph.contents.en.blocks[1]).toMatchObject({ id: key, type: 'paragraph', align: 'left', padding: 'leftRight' });
    expect(withParagraph.contents.en.blocks[2]).toMatchObject({ backgroundColor: '#33CCFF' });
    // the old draft is untouched: undo keeps whole drafts
    expect(ids(d)).toEqual(['heading', 'button']);
  });

  it('moves a block to a position of the list without it, and removes it', () => {
    let d = newDraft();
    for (const type of ['heading', 'paragraph', 'button'] as const) [d] = edits.addBlock(d, 'en', type);
    const [heading, , button] = d.contents.en.blocks;
    expect(ids(edits.moveBlock(d, 'en', heading.id, 1))).toEqual(['paragraph', 'heading', 'button']);
    expect(ids(edits.moveBlock(d, 'en', button.id, 0))).toEqual(['button', 'heading', 'paragraph']);
    expect(ids(edits.moveBlock(d, 'en', heading.id, 99))).toEqual(['paragraph', 'button', 'heading']);
    expect(edits.moveBlock(d, 'en', heading.id, 0)).toBe(d);
    expect(ids(edits.removeBlock(d, 'en', heading.id))).toEqual(['paragraph', 'button']);
    expect(edits.updateBlock(d, 'en', button.id, 'text', 'Buy').contents.en.blocks[2].text).toBe('Buy');
  });
});

describe('languages', () => {
  it('a new language copies the default content with new keys; the default cannot be removed', () => {
    let d = newDraft();
    [d] = edits.addBlock(d, 'en', 'heading');
    d = edits.setLanguageField(d, 'en', 'subject', 'Hello');
    const withJa = edits.addLanguage(d, 'ja');
    expect(withJa.contents.ja.subject).toBe('Hello');
    expect(withJa.contents.ja.blocks[0].type).toBe('heading');
    expect(withJa.contents.ja.blocks[0].id).not.toBe(d.contents.en.blocks[0].id);
    expect(edits.addLanguage(withJa, 'ja')).toBe(withJa);
    expect(edits.removeLanguage(withJa, 'en')).toBe(withJa);
    expect(Object.keys(edits.removeLanguage(withJa, 'ja').contents)).toEqual(['en']);
    const jaDefault = edits.setDefaultLanguage(edits.addLanguage(withJa, 'de'), 'ja');
    expect(languagesOf(jaDefault)).toEqual(['ja', 'de', 'en']);
    expect(edits.setDefaultLanguage(withJa, 'fr')).toBe(withJa);
  });
});

describe('to and from the server', () => {
  it('saves what the schema reads and reads back what it saved', () => {
    let d = { ...newDraft(), name: 'Welcome' };
    [d] = edits.addBlock(d, 'en', 'button');
    d = edits.setLanguageField(d, 'en', 'subject', 'Hi');
    const payload = toSavePayload(d, { id: 't1', version: 3 });
    expect(payload).toMatchObject({ id: 't1', version: 3, name: 'Welcome', channel: 'EMAIL', active: true });
    expect(payload.categoryId).toBeUndefined();
    const template = emailTemplateSchema.parse(payload.template);
    const view = templateMessageView.parse({
      id: 't1',
      version: 3,
      name: 'Welcome',
      channel: 'EMAIL',
      active: true,
      locked: false,
      template,
      subject: 'Hi',
      languages: ['en'],
      dateCreated: 1,
      dateUpdated: 2,
    });
    const back = draftFromView(view);
    expect(back.contents.en.blocks[0].id).toBe(d.contents.en.blocks[0].id);
    expect(toSavePayload(back).template).toEqual(payload.template);
  });

  it('gives stored blocks without a key one', () => {
    const template = emailTemplateSchema.parse({ contents: { en: { subject: 'x', blocks: [{ type: 'spacer' }] } } });
    const view = templateMessageView.parse({
      id: 't1',
      version: 1,
      name: 'n',
      channel: 'EMAIL',
      active: true,
      locked: false,
      template,
      subject: 'x',
      languages: ['en'],
      dateCreated: 1,
      dateUpdated: 1,
    });
    expect(draftFromView(view).contents.en.blocks[0].id).toMatch(/^b/);
  });
});
