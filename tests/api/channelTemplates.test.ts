/**
 * Templates of every channel (issue 9): push, SMS, LINE and letters are saved, read back, listed with their
 * summary line, translated and exported like email templates, each checked by its own channel's schema; a
 * letter previews as a PDF with the company's details and CJK text embedded.
 */
import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { ApiClient, startHerald } from '../support/herald';

let herald: LocalHerald;
let admin: ApiClient;

beforeAll(async () => {
  herald = await startHerald();
  admin = new ApiClient(herald);
  await admin.login();
});
afterAll(() => herald?.stop());

const push = {
  channel: 'PUSH_NATIVE',
  defaultLanguage: 'en',
  contents: {
    en: {
      title: 'Spring sale, {{firstName|friend}}',
      body: 'Up to 30% off today',
      buttons: [
        { text: 'Shop', action: 'WEBSITE', value: 'https://shop.example/spring' },
        { text: 'Later', action: 'CLOSE' },
      ],
      media: { type: 'THUMBNAIL', url: 'https://cdn.example/t.png' },
      expiry: { kind: 'DAYS', days: 3 },
      extras: [{ key: 'screen', value: 'sale' }],
    },
    ja: { title: '春のセール', body: '本日最大30%オフ' },
  },
};
const sms = {
  channel: 'SMS',
  defaultLanguage: 'en',
  contents: { en: { text: 'Hi {{firstName|there}}, your code is ready.' }, ja: { text: 'コードの準備ができました', stopFooter: false } },
};
const line = {
  channel: 'LINE',
  defaultLanguage: 'ja',
  contents: {
    ja: {
      messages: [
        { type: 'text', text: 'こんにちは' },
        { type: 'image', originalContentUrl: 'https://cdn.example/a.jpg', previewImageUrl: 'https://cdn.example/a-small.jpg' },
        { type: 'buttons', altText: 'セールのご案内', title: 'Sale', text: '詳しくはこちら', actions: [{ label: '見る', uri: 'https://shop.example' }] },
      ],
    },
  },
};
const letter = {
  channel: 'DIRECT_MAIL',
  defaultLanguage: 'ja',
  contents: { ja: { subject: '春のご案内', body: '{{lastName}}様\n\nいつもありがとうございます。', closing: '敬具' } },
};

const save = (name: string, template: unknown, extra: Record<string, unknown> = {}) => admin.call('templateMessage.save', { name, template, ...extra });

describe('each channel saves with its own content and reads back', () => {
  it.each([
    ['PUSH_NATIVE', push, 'Spring sale, {{firstName|friend}}'],
    ['SMS', sms, 'Hi {{firstName|there}}, your code is ready.'],
    ['LINE', line, 'こんにちは'],
    ['DIRECT_MAIL', letter, '春のご案内'],
  ])('%s', async (channel, template, summary) => {
    const saved = await admin.ok('templateMessage.save', { name: `A ${channel} template`, template });
    expect(saved.channel).toBe(channel);
    expect(saved.subject).toBe(summary);
    const detail = await admin.ok('templateMessage.detail', { id: saved.id });
    expect(detail.template).toEqual(saved.template);
    expect(detail.template.channel).toBe(channel);
    const listed = await admin.ok('templateMessage.getListByPage', { page: 0, size: 50, pushWay: channel });
    expect(listed.list.map((t) => t.name)).toEqual([`A ${channel} template`]);
  });

  it('fills the defaults of push content and keeps what was given', async () => {
    const saved = await admin.ok('templateMessage.save', { name: 'Push defaults', template: push });
    const en = (saved.template.contents as Record<string, Record<string, unknown>>).en!;
    expect(en).toMatchObject({ contentType: 'text', priority: 'FOLLOW_USER_SETTINGS', inboxMode: 'PUSH_AND_INBOX', sound: 'default', expiry: { kind: 'DAYS', days: 3 } });
    expect(en.buttons).toEqual([
      { text: 'Shop', action: 'WEBSITE', value: 'https://shop.example/spring' },
      { text: 'Later', action: 'CLOSE', value: '' },
    ]);
  });
});

describe("bad content answers 400016 with the channel's own message", () => {
  const message = async (template: unknown, extra: Record<string, unknown> = {}) => {
    const r = await save(`Bad ${Math.random()}`, template, extra);
    expect(r.body.errorCode).toBe('400016');
    return String(r.body.errorMessage);
  };
  it('push: title, buttons, actions, location', async () => {
    expect(await message({ ...push, contents: { en: { body: 'x' } } })).toContain('Please input the title!');
    const three = [1, 2, 3].map((n) => ({ text: `B${n}`, action: 'CLOSE' }));
    expect(await message({ ...push, contents: { en: { title: 't', body: 'b', buttons: three } } })).toContain('at most 2 buttons');
    expect(await message({ ...push, contents: { en: { title: 't', body: 'b', buttons: [{ text: 'x', action: 'WEBSITE', value: 'javascript:alert(1)' }] } } })).toContain(
      'full link',
    );
    expect(await message({ ...push, contents: { en: { title: 't', body: 'b', buttons: [{ text: 'x', action: 'CALL', value: 'call me' }] } } })).toContain('phone number');
    expect(await message({ ...push, contents: { en: { title: 't', body: 'b', location: { latitude: 91, longitude: 0 } } } })).toContain('latitude');
    expect(await message({ ...push, contents: { en: { title: 't', contentType: 'url' } } })).toContain('Please input the url!');
  });
  it('SMS, LINE and letters', async () => {
    expect(await message({ ...sms, contents: { en: { text: '   ' } } })).toContain('Please input the text!');
    expect(await message({ ...sms, contents: { en: { text: 'x'.repeat(1531) } } })).toContain('at most 1530');
    expect(await message({ ...line, contents: { ja: { messages: [] } } })).toContain('at least one message');
    const six = Array.from({ length: 6 }, () => ({ type: 'text', text: 'x' }));
    expect(await message({ ...line, contents: { ja: { messages: six } } })).toContain('at most 5 messages');
    expect(
      await message({ ...line, contents: { ja: { messages: [{ type: 'image', originalContentUrl: 'http://cdn.example/a.jpg', previewImageUrl: 'https://cdn.example/b.jpg' }] } } }),
    ).toContain('https');
    expect(
      await message({
        ...line,
        contents: { ja: { messages: [{ type: 'buttons', altText: 'a', title: 'T', text: 'x'.repeat(61), actions: [{ label: 'Go', uri: 'https://x.example' }] }] } },
      }),
    ).toContain('at most 60');
    expect(await message({ ...letter, contents: { ja: { subject: 'S' } } })).toContain('Please input the body!');
  });
  it('a payload naming another channel than its content, or an unknown channel', async () => {
    expect(await message(sms, { channel: 'EMAIL' })).toContain('not for this channel');
    expect(await message({ ...sms, channel: 'FAX' })).toContain('Please select the channel!');
    // SMS content read as email (no channel named) fails on the email's own field
    expect(await message({ defaultLanguage: 'en', contents: { en: { text: 'x' } } })).toContain('Please input the subject!');
  });
  it('a template keeps its channel', async () => {
    const saved = await admin.ok('templateMessage.save', { name: 'Keeps SMS', template: sms });
    const r = await admin.call('templateMessage.save', { id: saved.id, version: saved.version, name: 'Keeps SMS', template: line });
    expect(r.body.errorCode).toBe('720009');
    const translators = await admin.call('templateMessage.saveMultiLanguages', { id: saved.id, version: saved.version, template: push });
    expect(translators.body.errorCode).toBe('720009');
  });
});

it('translations, duplicates and the template file work for every channel', async () => {
  await admin.ok('language.save', { name: 'Japanese', code: 'ja' });
  const saved = await admin.ok('templateMessage.save', { name: 'SMS languages', template: { ...sms, contents: { en: sms.contents.en } } });
  const statuses = async (id: string) => Object.fromEntries((await admin.ok('templateMessage.getMultiLanguages', { id })).languages.map((l) => [l.code, l.status]));
  expect(await statuses(saved.id)).toMatchObject({ en: 'DEFAULT', ja: 'MISSING' });
  const copy = await admin.ok('templateMessage.duplicateWithTranslation', { id: saved.id, languages: ['ja'] });
  expect(copy.template.contents).toHaveProperty('ja');
  const translated = await admin.ok('templateMessage.saveMultiLanguages', {
    id: copy.id,
    version: copy.version,
    template: { ...copy.template, contents: { ...copy.template.contents, ja: { text: 'こんにちは' } } },
  });
  expect(translated.channel).toBe('SMS');
  expect(await statuses(copy.id)).toMatchObject({ en: 'DEFAULT', ja: 'TRANSLATED' });

  const ids = [];
  for (const [name, template] of [
    ['File push', push],
    ['File line', line],
    ['File letter', letter],
  ] as const)
    ids.push((await admin.ok('templateMessage.save', { name, template })).id);
  const file = await admin.ok('templateMessage.export', { ids: [...ids, copy.id] });
  // imported as new templates (a file without ids, as into another deployment): every channel's content comes back unchanged
  for (const id of [...ids, copy.id]) await admin.ok('templateMessage.delete', { id });
  const result = await admin.ok('templateMessage.importFile', { file: JSON.stringify({ ...file, templates: file.templates.map(({ id: _id, ...t }) => t) }) });
  expect(result).toMatchObject({ created: 4, updated: 0 });
  const again = await admin.ok('templateMessage.export', {
    ids: (await admin.ok('templateMessage.getListByPage', { page: 0, size: 100, name: 'File' })).list
      .map((t) => t.id)
      .concat((await admin.ok('templateMessage.getListByPage', { page: 0, size: 100, name: 'SMS languages (copy)' })).list.map((t) => t.id)),
  });
  const byName = (f: typeof file) => Object.fromEntries(f.templates.map((t) => [t.name, [t.channel, t.template]]));
  expect(byName(again)).toEqual(byName(file));
});

describe('letter preview', () => {
  const company = {
    company: 'Acme 株式会社',
    directMailType: 'LETTER',
    fullName: 'Acme Corporation',
    address: '東京都渋谷区1-2-3',
    website: 'https://acme.example',
    name: 'Mia Chen',
    phone: '+81 3 1234 5678',
    email: 'mia@acme.example',
  };

  /** The text a PDF's fonts can print: every ToUnicode map's code points (pdf-lib writes one per embedded font). */
  async function printedCharacters(base64: string): Promise<Set<string>> {
    const bytes = Buffer.from(base64, 'base64');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(0);
    const chars = new Set<string>();
    for (const [, object] of doc.context.enumerateIndirectObjects()) {
      const contents = (object as { contents?: Uint8Array }).contents;
      if (!contents) continue;
      let text: string;
      try {
        text = inflateSync(contents).toString('latin1');
      } catch {
        text = Buffer.from(contents).toString('latin1');
      }
      if (!text.includes('begincmap')) continue;
      for (const m of text.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
        const hex = m[2]!;
        const units = hex.match(/.{4}/g)!.map((h) => parseInt(h, 16));
        chars.add(String.fromCharCode(...units));
      }
    }
    return chars;
  }

  it("draws the letter with the company's details and Japanese text", async () => {
    const sender = await admin.ok('company.save', company);
    const saved = await admin.ok('templateMessage.save', { name: 'Letter with sender', template: { ...letter, companyId: sender.id } });
    const pdf = await admin.ok('templateMessage.previewLetter', { template: saved.template, recipient: { lastName: '山田' } });
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.fileName).toBe('春のご案内.pdf');
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const printed = await printedCharacters(pdf.base64);
    for (const ch of '春のご案内山田様敬具株式会社渋谷区Acme') expect(printed, ch).toContain(ch);
  });

  it('refuses what is not a letter, and a company of no one', async () => {
    expect((await admin.call('templateMessage.previewLetter', { template: sms })).body.errorCode).toBe('720009');
    const missing = await admin.call('templateMessage.previewLetter', { template: letter, companyId: '00000000-0000-4000-8000-000000000000' });
    expect(missing.body).toMatchObject({ errorCode: '720009', errorMessage: expect.stringContaining('company') });
  });
});
