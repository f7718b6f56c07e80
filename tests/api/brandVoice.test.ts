/**
 * The AI brand voice, the AI message composer (offline provider) and the translation sync (the in-process
 * translation stand-in): saved and loaded with the catalogue's names, the composer's template in the brand's
 * voice and colours saved and rendered like any other, prompts that carry only the caller's organization's
 * brand, the daily cap on the controllable clock, 700001 on a second push, and foreign ids answering as missing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import type { AiProvider, AiRequest } from '../../functions/platform/ai';
import { offlineAiProvider } from '../../functions/platform/aiOffline';
import { noTranslation } from '../../functions/platform/translation';
import { type EmailTemplate, emailTemplateSchema, pickContent, renderEmail } from '../../shared/render';
import { type ApiClient, manualClock, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';

const DAY = 24 * 3600_000;
const clock = manualClock(Date.UTC(2026, 10, 26, 9));
const DAILY_LIMIT = 4;
/** every request the composer sent, to read the prompts */
const asked: AiRequest[] = [];
const watching: AiProvider = {
  complete(request) {
    asked.push(request);
    return offlineAiProvider.complete(request);
  },
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6300010000050001', 'hex');

const voiceOfA = {
  brandName: 'Aurora Tea',
  url: 'https://aurora.example',
  description: 'Small-batch tea from the hills.',
  toneTags: ['serene', 'crafted'],
  personalityTags: ['patient'],
  languageStyle: 'NEUTRAL',
  sentenceStructure: 'SHORT',
  emotionalRange: 'WARM',
  voiceSample: 'Slow down, pour a cup.',
  // a light primary (every channel over 200) is no text colour: the dark accent colours the text and buttons
  brandColors: [
    { type: 'PRIMARY', value: '#F4EFE6' },
    { type: 'ACCENT', value: '#2E5E4E' },
  ],
  layout: 'HERO_FIRST',
};
const voiceOfB = {
  brandName: 'Zephyr Motors',
  toneTags: ['roaring', 'turbocharged'],
  voiceSample: 'Feel the zephyrwind horsepower.',
  brandColors: [{ type: 'PRIMARY', value: '#C00C00' }],
  layout: 'COMPACT',
};

let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;
let nobody: ApiClient;

beforeAll(async () => {
  herald = await startHerald({ clock, ai: watching, config: { ai: { provider: 'offline', modelId: 'amazon.nova-lite-v1:0', dailyLimit: DAILY_LIMIT } } });
  ({ admin, other, nobody } = await twoOrganizations(herald, 'brand'));
}, 60_000);
afterAll(() => herald?.stop());

describe('brandVoice', () => {
  it('detail answers the defaults before the first save', async () => {
    const voice = await admin.ok('brandVoice.detail');
    expect(voice).toMatchObject({ version: 0, brandName: '', layout: 'HERO_FIRST', brandColors: [], samples: [], generated: null });
  });

  it('refuses a colour that is not a 6-digit HEX, and a reference material that is not a PDF by its bytes', async () => {
    const bad = await admin.call('brandVoice.save', { ...voiceOfA, brandColors: [{ type: 'PRIMARY', value: '#FFF' }], version: 0 });
    expect(bad.body).toMatchObject({ errorCode: '400016' });
    expect(bad.body.errorMessage).toContain('Invalid HEX color format');
    // a PNG named .pdf is refused at upload for the brand samples' use
    const png = await admin.call('upload.index', {
      baseDir: 'brand-voice',
      use: 'brandSample',
      accessible: false,
      files: [{ name: 'deck.pdf', contentBase64: PNG.toString('base64') }],
    });
    expect(png.body.errorCode).toBe('400016');
    // and an image stored by another use cannot be named as one
    await admin.ok('upload.index', { baseDir: 'brand-voice', use: 'image', accessible: false, files: [{ name: 'logo.png', contentBase64: PNG.toString('base64') }] });
    const named = await admin.call('brandVoice.save', { ...voiceOfA, samples: ['brand-voice/logo.png'], version: 0 });
    expect(named.body).toMatchObject({ errorCode: '400016' });
    expect(named.body.errorMessage).toContain('You need upload the file again!');
  });

  it('checks sample paths by the asset-name rules before storage is read: each bad path is 400016, never 500 (issue 38)', async () => {
    for (const path of [
      'a//b.pdf',
      '/brand-voice/guide.pdf',
      'brand-voice/',
      'brand-voice/../x.pdf',
      'brand-voice/.hidden.pdf',
      'brand-voice/a\u0000b.pdf',
      'a\\b.pdf',
      'a/b/c/d/e/f.pdf',
    ]) {
      const r = await admin.call('brandVoice.save', { ...voiceOfA, samples: [path], version: 0 });
      expect([r.status, r.body.errorCode], JSON.stringify(path)).toEqual([400, '400016']);
    }
    for (const [lang, words] of [
      ['zh', '参数无效'],
      ['ja', 'パラメータが無効です'],
    ] as const) {
      const r = await admin.call('brandVoice.save', { ...voiceOfA, samples: ['a//b.pdf'], version: 0 }, { 'x-lang': lang });
      expect(r.body.errorCode).toBe('400016');
      expect(r.body.errorMessage).toContain(words);
    }
  });

  it('saves and loads the wizard fields with a PDF reference material, versioned', async () => {
    await admin.ok('upload.index', { baseDir: 'brand-voice', use: 'brandSample', accessible: false, files: [{ name: 'guide.pdf', contentBase64: PDF.toString('base64') }] });
    const saved = await admin.ok('brandVoice.save', { ...voiceOfA, samples: ['brand-voice/guide.pdf'], version: 0 });
    expect(saved).toMatchObject({ ...voiceOfA, samples: ['brand-voice/guide.pdf'], version: 1 });
    expect(await admin.ok('brandVoice.detail')).toEqual(saved);
    // a stale save is refused
    expect((await admin.call('brandVoice.save', { ...voiceOfA, version: 0 })).body.errorCode).toBe('720007');
    await other.ok('brandVoice.save', { ...voiceOfB, version: 0 });
    // each organization reads its own
    expect((await admin.ok('brandVoice.detail')).brandName).toBe('Aurora Tea');
    expect((await other.ok('brandVoice.detail')).brandName).toBe('Zephyr Motors');
  });

  it('generate proposes a persona from the brand content; getGenerateBrandVoice reads it back', async () => {
    const generated = await admin.ok('brandVoice.generate');
    expect(generated.toneTags.length).toBeGreaterThan(0);
    expect(generated.voiceSample).toContain('Aurora Tea');
    expect(await admin.ok('brandVoice.getGenerateBrandVoice')).toEqual({ generated });
    // the proposal leaves the saved voice as it was
    expect((await admin.ok('brandVoice.detail')).toneTags).toEqual(voiceOfA.toneTags);
  });
});

describe('aiBot.templateMessage', () => {
  let composed: Awaited<ReturnType<typeof compose>>;
  const compose = () => admin.ok('aiBot.templateMessage', { prompt: 'Announce our spring harvest <script>alert(1)</script>', languages: ['en', 'ja'], defaultLanguage: 'en' });

  it("writes ordinary blocks in the brand's voice, colours and layout, in every language asked for", async () => {
    asked.length = 0;
    composed = await compose();
    expect(composed.message).toBe('Message Generate success');
    // an email template, the channel left out (the answer's type covers every channel the composer writes)
    const template = composed.template as EmailTemplate;
    expect(Object.keys(template.contents).sort()).toEqual(['en', 'ja']);
    // the light primary became the background, the dark accent the text and buttons' colour
    expect(template.theme).toEqual({ primaryColor: '#2E5E4E', secondaryColor: '#F4EFE6' });
    const en = template.contents.en!;
    expect(en.blocks.map((b: { type: string }) => b.type)).toEqual(['spacer', 'title', 'paragraph', 'paragraph', 'list', 'button', 'spacer']);
    expect(JSON.stringify(en.blocks)).toContain('serene, crafted');
    expect(en.blocks.find((b: { type: string }) => b.type === 'button')).toMatchObject({ backgroundColor: '#2E5E4E', href: 'https://aurora.example' });
    expect(template.contents.ja!.subject).toBe('Aurora Teaからのお知らせ');
    // it is a template the builder's schema takes as it is
    expect(emailTemplateSchema.safeParse(template).success).toBe(true);
  });

  it('saves as a template and renders like any other, the request text escaped', async () => {
    const saved = await admin.ok('templateMessage.save', { name: 'Spring harvest', template: composed.template });
    const stored = await admin.ok('templateMessage.detail', { id: saved.id });
    expect(stored.languages.sort()).toEqual(['en', 'ja']);
    const { html } = renderEmail(pickContent(stored.template as never, 'en'));
    expect(html).toContain('serene, crafted');
    expect(html).toMatch(/#2E5E4E/i);
    expect(html).not.toContain('<script');
    expect(renderEmail(pickContent(stored.template as never, 'ja')).html).toContain('詳しく見る');
  });

  it("builds the prompt from the caller's organization only", async () => {
    const prompts = asked.map((r) => `${r.system}\n${r.prompt}\n${JSON.stringify(r.brief)}`).join('\n');
    expect(prompts).toContain('Aurora Tea');
    expect(prompts).toContain('guide.pdf');
    for (const word of ['Zephyr', 'roaring', 'turbocharged', 'zephyrwind', '#C00C00']) expect(prompts).not.toContain(word);
  });

  it('is behind the aiBuilder permission, and refuses bad input with a catalogue error', async () => {
    expect((await nobody.call('aiBot.templateMessage', { prompt: 'Hi', languages: ['en'] })).body.errorCode).toBe('730001');
    expect((await admin.call('aiBot.templateMessage', { prompt: '', languages: ['en'] })).body.errorCode).toBe('400016');
    expect((await admin.call('aiBot.templateMessage', { prompt: 'Hi', languages: ['en'], defaultLanguage: 'ja' })).body.errorCode).toBe('400016');
    expect((await admin.call('aiBot.templateMessage', { prompt: 'Hi', languages: ['not a code'] })).body.errorCode).toBe('400016');
  });
});

describe('junction', () => {
  let templateId: string;
  beforeAll(async () => {
    const template = {
      defaultLanguage: 'en',
      contents: {
        en: {
          subject: 'Hello',
          blocks: [
            { type: 'heading', text: 'Welcome' },
            { type: 'list', items: ['One', 'Two'] },
            { type: 'button', text: 'Go', href: 'https://x.example' },
          ],
        },
      },
    };
    templateId = (await admin.ok('templateMessage.save', { name: 'To translate', template })).id;
  });

  it("translationBody lists the default language's texts, never its links", async () => {
    const body = await admin.ok('junction.translationBody', { templateId });
    expect(body).toEqual({
      sourceLanguage: 'en',
      texts: [
        { key: 'subject', text: 'Hello' },
        { key: 'blocks.0.text', text: 'Welcome' },
        { key: 'blocks.1.items.0', text: 'One' },
        { key: 'blocks.1.items.1', text: 'Two' },
        { key: 'blocks.2.text', text: 'Go' },
      ],
    });
  });

  it('pushes once (700001 when already pushed) and syncs the translations back as languages of the template', async () => {
    expect((await admin.call('junction.sync', { templateId })).body.errorCode).toBe('720009');
    const pushed = await admin.ok('junction.push', { templateId, targetLanguages: ['ja', 'zh'] });
    expect(pushed.targetLanguages).toEqual(['ja', 'zh']);
    const again = await admin.call('junction.push', { templateId, targetLanguages: ['ja', 'zh'] });
    expect(again.body).toMatchObject({ errorCode: '700001', errorMessage: 'The message has already been pushed to the translation system.' });
    const synced = await admin.ok('junction.sync', { templateId });
    expect(synced.languages).toEqual(['ja', 'zh']);
    const stored = await admin.ok('templateMessage.detail', { id: templateId });
    expect(stored.version).toBe(synced.version);
    const ja = (stored.template as { contents: Record<string, { subject: string; blocks: Record<string, unknown>[] }> }).contents.ja!;
    expect(ja.subject).toBe('[ja] Hello');
    expect(ja.blocks[1]).toMatchObject({ items: ['[ja] One', '[ja] Two'] });
    expect(ja.blocks[2]).toMatchObject({ text: '[ja] Go', href: 'https://x.example' });
    const { languages } = await admin.ok('templateMessage.getMultiLanguages', { id: templateId });
    expect(languages.find((l: { code: string }) => l.code === 'ja')?.status).toBe('TRANSLATED');
  });

  it("shows each language's state, sends the paths of the preset parameters the texts use, and answers 700001 in the reader's language", async () => {
    const preset = await admin.ok('presetParameter.save', { title: 'Shop names', variable: 'shop', primaryKey: 'shopId', junctionPath: 'retail/shops' });
    await admin.ok('presetParameter.save', { title: 'Unused', variable: 'unused', primaryKey: 'id', junctionPath: 'other/path' });
    const bad = await admin.call('presetParameter.save', { title: 'Bad path', variable: 'bad', primaryKey: 'id', junctionPath: 'no spaces/ here' }, { 'x-lang': 'ja' });
    expect(bad.body).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('翻訳システムのパス') });
    const template = { defaultLanguage: 'en', contents: { en: { subject: 'Hi from {{preset.shop.name}}', blocks: [{ type: 'heading', text: 'Open daily' }] } } };
    const id = (await admin.ok('templateMessage.save', { name: 'Shop news', template })).id;
    // before the first push: no job, and the parameter its texts use
    expect(await admin.ok('junction.status', { templateId: id })).toEqual({ configured: true, presets: [{ variable: 'shop', title: 'Shop names', junctionPath: 'retail/shops' }] });
    const { jobId } = await admin.ok('junction.push', { templateId: id, targetLanguages: ['ja', 'zh'] });
    expect(herald.translation!.jobs.get(jobId)).toMatchObject({ sourceLanguage: 'en', reference: id, presetPaths: { shop: 'retail/shops' } });
    // with the translators: in progress, and nothing to pull yet
    herald.translation!.held.add(jobId);
    const waiting = await admin.ok('junction.status', { templateId: id });
    expect(waiting.job).toMatchObject({
      jobId,
      sourceLanguage: 'en',
      changed: false,
      languages: [
        { language: 'ja', state: 'IN_PROGRESS' },
        { language: 'zh', state: 'IN_PROGRESS' },
      ],
    });
    expect((await admin.call('junction.sync', { templateId: id })).body.errorCode).toBe('400014');
    herald.translation!.held.delete(jobId);
    expect((await admin.ok('junction.status', { templateId: id })).job!.languages.map((l: { state: string }) => l.state)).toEqual(['READY', 'READY']);
    await admin.ok('junction.sync', { templateId: id });
    const pulled = await admin.ok('junction.status', { templateId: id });
    expect(pulled.job!.languages.map((l: { state: string }) => l.state)).toEqual(['PULLED', 'PULLED']);
    expect(pulled.job!.syncedAt).toBe(clock.now());
    // the placeholder came back as it went, for the send to fill
    const stored = await admin.ok('templateMessage.detail', { id });
    expect((stored.template as { contents: Record<string, { subject: string }> }).contents.ja!.subject).toBe('[ja] Hi from {{preset.shop.name}}');
    // the same content again: 700001, in the reader's language
    const again = await admin.call('junction.push', { templateId: id, targetLanguages: ['ja', 'zh'] }, { 'x-lang': 'ja' });
    expect(again.body).toMatchObject({ errorCode: '700001', errorMessage: 'このメッセージはすでに翻訳システムに送信されています。' });
    // the default language edited: the job is marked changed, and a new push is taken
    await admin.ok('templateMessage.save', {
      id,
      version: stored.version,
      name: 'Shop news',
      template: {
        ...stored.template,
        contents: {
          ...(stored.template as { contents: object }).contents,
          en: { subject: 'Hello from {{preset.shop.name}}', blocks: [{ type: 'heading', text: 'Open every day' }] },
        },
      },
    });
    expect((await admin.ok('junction.status', { templateId: id })).job!.changed).toBe(true);
    await admin.ok('junction.push', { templateId: id, targetLanguages: ['ja'] });
    expect((await admin.ok('junction.status', { templateId: id })).job).toMatchObject({ changed: false, languages: [{ language: 'ja', state: 'READY' }] });
    await admin.ok('presetParameter.delete', { id: preset.id });
  });

  it("answers another organization's template ids exactly as missing ones, and bad input with 400016", async () => {
    for (const [service, payload] of [
      ['junction.translationBody', {}],
      ['junction.push', { targetLanguages: ['ja'] }],
      ['junction.sync', {}],
      ['junction.status', {}],
    ] as const) {
      const foreign = await other.call(service, { ...payload, templateId });
      const missing = await other.call(service, { ...payload, templateId: randomUUID() });
      expect(foreign.body.errorCode, service).toBe('720003');
      expect(foreign.body.errorMessage).toBe(missing.body.errorMessage);
    }
    expect((await admin.call('junction.push', { templateId, targetLanguages: [] })).body.errorCode).toBe('400016');
    expect((await admin.call('junction.push', { templateId, targetLanguages: ['en'] })).body.errorCode).toBe('720006');
    expect((await nobody.call('junction.push', { templateId, targetLanguages: ['ja'] })).body.errorCode).toBe('730001');
  });

  it("on a deployment with no translation system, says so to the screen and refuses a push with 400012 in the reader's language", async () => {
    const configured = herald.rt.translation;
    // what the runtime holds when HERALD_TRANSLATION_URL is empty
    herald.rt.translation = noTranslation;
    try {
      expect(await admin.ok('junction.status', { templateId })).toEqual({ configured: false, presets: [] });
      const push = await admin.call('junction.push', { templateId, targetLanguages: ['ja'] }, { 'x-lang': 'ja' });
      expect(push.body.errorCode).toBe('400012');
      expect(push.body.errorMessage).toContain('この機能はサポートされていません');
    } finally {
      herald.rt.translation = configured;
    }
    expect((await admin.ok('junction.status', { templateId })).configured).toBe(true);
  });
});

describe('the daily cap', () => {
  it("caps an organization's generations a day, and the cap resets the next UTC day", async () => {
    // organization B has used none: the cap is its own
    for (let i = 0; i < DAILY_LIMIT; i++) await other.ok('aiBot.templateMessage', { prompt: `Run ${i}`, languages: ['en'] });
    const over = await other.call('aiBot.templateMessage', { prompt: 'One more', languages: ['en'] }, { 'x-lang': 'ja' });
    expect(over.body.errorCode).toBe('400014');
    expect(over.body.errorMessage).toContain(`本日の AI 生成 ${DAILY_LIMIT} 回を使い切りました`);
    expect((await other.call('brandVoice.generate')).body.errorCode).toBe('400014');
    clock.advance(DAY);
    // a day on, the session has ended too
    await other.login('other-brand', 'Other@123');
    expect((await other.ok('aiBot.templateMessage', { prompt: 'Next day', languages: ['en'] })).remaining).toBe(DAILY_LIMIT - 1);
  });
});

describe('aiBot.templateMessage for push, SMS and LINE', () => {
  // a day on (the cap test spent the other organization's day), with a new session
  beforeAll(async () => {
    clock.advance(DAY);
    await admin.login();
  });

  /** composes for `channel`, saves it as a draft message of that channel, and renders it through the channel's adapter */
  async function composeSaveRender(channel: string) {
    const composed = await admin.ok('aiBot.templateMessage', { prompt: 'Announce our spring harvest <b>today</b>', languages: ['en', 'ja'], defaultLanguage: 'en', channel });
    expect(composed.message).toBe('Message Generate success');
    const template = composed.template as { channel: string; defaultLanguage: string; contents: Record<string, any> };
    expect(template).toMatchObject({ channel, defaultLanguage: 'en' });
    expect(Object.keys(template.contents).sort()).toEqual(['en', 'ja']);
    const saved = await admin.ok('templateMessage.save', { name: `Spring ${channel}`, template });
    expect((await admin.ok('templateMessage.detail', { id: saved.id })).template).toEqual(template);
    const plan = await admin.ok('plan.saveSingle', { name: `Spring ${channel}`, title: `Spring ${channel}`, channel, content: { kind: channel, template } });
    const rendered = await admin.ok('plan.getReplacedTemplateMessage', { id: plan.id });
    const inJapanese = await admin.ok('plan.getReplacedTemplateMessage', { id: plan.id, language: 'ja' });
    return { template, rendered: JSON.stringify(rendered.message), inJapanese: JSON.stringify(inJapanese.message) };
  }

  it("writes a push notification's title, body and website button in the brand's voice", async () => {
    const { template, rendered, inJapanese } = await composeSaveRender('PUSH_NATIVE');
    expect(template.contents.en).toMatchObject({
      contentType: 'text',
      title: 'News from Aurora Tea',
      body: expect.stringContaining('serene, crafted'),
      buttons: [{ text: 'Find out more', action: 'WEBSITE', value: 'https://aurora.example' }],
    });
    expect(template.contents.ja.title).toBe('Aurora Teaからのお知らせ');
    expect(rendered).toContain('News from Aurora Tea');
    expect(inJapanese).toContain('Aurora Teaからのお知らせ');
  });

  it('writes a short text message with its link and the STOP footer, having asked the model for one', async () => {
    asked.length = 0;
    const { template, rendered, inJapanese } = await composeSaveRender('SMS');
    expect(asked.at(-1)!.prompt).toContain('Write a text message (SMS)');
    const { text } = template.contents.en;
    expect(text.length).toBeLessThanOrEqual(300);
    expect(text).toMatch(/^News from Aurora Tea\n.*serene, crafted.*\nFind out more: https:\/\/aurora\.example$/s);
    expect(template.contents.en.stopFooter).toBe(true);
    expect(rendered).toContain('News from Aurora Tea');
    expect(inJapanese).toContain('詳しく見る: https://aurora.example');
  });

  it('writes a LINE text message and a buttons message linking to the brand', async () => {
    const { template, rendered, inJapanese } = await composeSaveRender('LINE');
    const [text, buttons] = template.contents.en.messages;
    expect(text).toMatchObject({ type: 'text', text: expect.stringMatching(/^News from Aurora Tea\n\n.*serene, crafted/s) });
    expect(buttons).toMatchObject({ type: 'buttons', actions: [{ label: 'Find out more', uri: 'https://aurora.example' }] });
    expect(rendered).toContain('News from Aurora Tea');
    expect(inJapanese).toContain('詳しく見る');
  });

  it('refuses a channel the composer does not write', async () => {
    expect((await admin.call('aiBot.templateMessage', { prompt: 'Hi', languages: ['en'], channel: 'DIRECT_MAIL' })).body.errorCode).toBe('400016');
  });
});
