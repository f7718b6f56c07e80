/**
 * The AI brand voice in the browser: the page shows the persona set up through the API, the wizard refuses a
 * colour that is not HEX, and the composer in the email builder writes the message in the brand's voice and
 * colours (offline provider), which saves as a template like any other; in Japanese, the composer fills a push
 * template's title and body in each of its languages, keeping the user's other settings, and it saves and renders.
 * From a template's language tabs, in Japanese, its texts go to the translation system (the stand-in), each
 * language's state shows, a second send is refused with 700001 in Japanese, and the translations come back as the
 * Japanese tab. axe at each screen.
 */
import { expect, it } from 'vitest';
import { browserSuite, closeToasts, expectAccessible, openPage, signIn, waitForPath } from './browser';

const suite = browserSuite();
const RUN = Date.now().toString(36);

it('shows the brand voice, checks the wizard colours, and composes a template in the brand voice in the builder', async () => {
  await suite.admin.ok('brandVoice.save', {
    brandName: 'Aurora Tea',
    url: 'https://aurora.example',
    toneTags: ['serene', 'crafted'],
    brandColors: [
      { type: 'PRIMARY', value: '#F4EFE6' },
      { type: 'ACCENT', value: '#2E5E4E' },
    ],
    layout: 'HERO_FIRST',
    version: 0,
  });
  const { page } = await openPage(suite.browser);
  page.setDefaultTimeout(20_000);
  await signIn(page, suite.herald.portalUrl);
  await page.click('.side-menu a[href="#/library/ai-brand-voice"]');
  await waitForPath(page, '/library/ai-brand-voice');
  const summary = page.locator('[data-testid="brand-voice-summary"]');
  await summary.getByRole('heading', { name: 'Aurora Tea' }).waitFor();
  expect(await summary.textContent()).toContain('Light colour: used as a background');
  await expectAccessible(page, 'the brand voice page');

  // the wizard: a colour that is not a 6-digit HEX is named, and the save waits for it
  await page.getByRole('button', { name: 'Configure the brand persona' }).click();
  await waitForPath(page, '/library/ai-brand-voice/config');
  await page.getByRole('button', { name: '4. Design' }).click();
  await page.fill('#bv-color-1', '#2E5E4');
  await expect.poll(() => page.locator('#bv-color-1-error').textContent()).toBe('Invalid HEX color format');
  expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
  await expectAccessible(page, 'the persona wizard, design step');
  await page.fill('#bv-color-1', '#2E5E4E');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('.p-toast-message-success', { hasText: 'The brand voice was saved.' }).waitFor();
  await closeToasts(page);

  // the composer in the builder
  await page.goto(`${suite.herald.portalUrl}#/library/message/template`);
  await page.getByRole('heading', { name: 'New email template' }).waitFor();
  await page.fill('#template-name', `Composed ${RUN}`);
  await page.getByRole('button', { name: 'Write with AI' }).click();
  await page.fill('#ai-composer-prompt', 'Announce our spring harvest');
  await expectAccessible(page, 'the composer dialog');
  await page.locator('#ai-composer').getByRole('button', { name: 'Generate' }).click();
  await page.locator('.p-toast-message-success', { hasText: 'Message Generate success' }).waitFor();
  await expect.poll(() => page.locator('.block-item').count()).toBeGreaterThan(3);
  await expect.poll(() => page.locator('[data-testid="template-preview"]').getAttribute('srcdoc')).toContain('serene, crafted');
  expect(await page.inputValue('#template-subject')).toBe('News from Aurora Tea');
  await closeToasts(page);
  await expectAccessible(page, 'the builder with the composed message');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => new URL(page.url()).hash).toMatch(/[?&]id=/);
  const id = new URL(page.url().replace('#', '')).searchParams.get('id')!;
  const saved = await suite.admin.ok('templateMessage.detail', { id });
  expect(saved.template).toMatchObject({ theme: { primaryColor: '#2E5E4E', secondaryColor: '#F4EFE6' } });

  await closeToasts(page);

  // in Japanese, the composer on a push template of two languages: each language's title, intro, body and button
  const push = await suite.admin.ok('templateMessage.save', {
    name: `Push ${RUN}`,
    template: { channel: 'PUSH_NATIVE', defaultLanguage: 'ja', contents: { ja: { title: '下書き', body: '下書き', sound: 'chime' }, en: { title: 'Draft', body: 'Draft' } } },
  });
  await page.evaluate(() => localStorage.setItem('herald.lang', 'ja'));
  await page.goto(`${suite.herald.portalUrl}#/library/message/template?channel=PUSH_NATIVE&id=${push.id}`);
  await page.reload();
  await page.getByRole('heading', { name: `Push ${RUN}` }).waitFor();
  await page.getByRole('button', { name: 'AI で作成' }).click();
  await page.fill('#ai-composer-prompt', '春の収穫をお知らせ');
  await page.locator('#ai-composer').getByRole('button', { name: '生成' }).click();
  await page.locator('.p-toast-message-success', { hasText: 'メッセージを生成しました' }).waitFor();
  await expect.poll(() => page.inputValue('#content-ja-title')).toBe('Aurora Teaからのお知らせ');
  // whole Japanese sentences with the request; the brand's English tone words stay out of them
  const body = await page.inputValue('#content-ja-body');
  expect(body).toContain('春の収穫をお知らせ');
  expect(body.replace('Aurora Tea', '')).not.toMatch(/[A-Za-z]{2,}/);
  expect(await page.inputValue('#content-ja-sound')).toBe('chime');
  await expect.poll(() => page.locator('[data-testid="push-preview"]').textContent()).toContain('Aurora Teaからのお知らせ');
  await page.getByRole('tab', { name: 'English', exact: true }).click();
  expect(await page.inputValue('#content-en-title')).toBe('News from Aurora Tea');
  expect(await page.inputValue('#content-en-button-0-value')).toBe('https://aurora.example');
  await closeToasts(page);
  await expectAccessible(page, 'the push editor with the composed message, in Japanese');

  await page.getByRole('button', { name: '保存', exact: true }).click();
  await page.locator('.p-toast-message-success').waitFor();
  const stored = (await suite.admin.ok('templateMessage.detail', { id: push.id })).template as { contents: Record<string, Record<string, unknown>> };
  expect(stored.contents.ja).toMatchObject({ title: 'Aurora Teaからのお知らせ', sound: 'chime' });
  expect(stored.contents.en).toMatchObject({ title: 'News from Aurora Tea', buttons: [{ text: 'Find out more', action: 'WEBSITE', value: 'https://aurora.example' }] });
  // it renders as any push message does
  const plan = await suite.admin.ok('plan.saveSingle', { name: `Push ${RUN}`, title: 'Push', channel: 'PUSH_NATIVE', content: { kind: 'PUSH_NATIVE', template: stored } });
  const rendered = await suite.admin.ok('plan.getReplacedTemplateMessage', { id: plan.id, language: 'ja' });
  expect(JSON.stringify(rendered.message)).toContain('Aurora Teaからのお知らせ');
});

it('sends a template to the translation system from its language tabs, shows each language, and pulls the translations back, in Japanese', async () => {
  const preset = await suite.admin.ok('presetParameter.save', { title: `Shops ${RUN}`, variable: `shop${RUN}`, primaryKey: 'shopId', junctionPath: 'retail/shops' });
  const saved = await suite.admin.ok('templateMessage.save', {
    name: `Translate ${RUN}`,
    template: {
      defaultLanguage: 'en',
      contents: {
        en: { subject: `Autumn tea at {{preset.shop${RUN}.name}}`, blocks: [{ type: 'heading', text: 'New leaves are in.' }] },
        ja: { subject: '下書き', blocks: [{ type: 'heading', text: '下書き' }] },
      },
    },
  });
  const { page } = await openPage(suite.browser);
  page.setDefaultTimeout(20_000);
  await signIn(page, suite.herald.portalUrl);
  await page.evaluate(() => localStorage.setItem('herald.lang', 'ja'));
  await page.goto(`${suite.herald.portalUrl}#/library/message/template?id=${saved.id}`);
  await page.reload();
  const sync = page.getByTestId('translation-sync');
  await sync.getByRole('heading', { name: '翻訳システム' }).waitFor();
  await sync.getByText('まだ翻訳システムに送っていません。').waitFor();
  // the preset parameter the subject uses, with its path in the translation system
  expect(await sync.getByTestId('translation-presets').textContent()).toContain(`shop${RUN}（Shops ${RUN}）：retail/shops`);
  expect(await page.locator('#junction-target-ja').isChecked()).toBe(true);
  await expectAccessible(page, 'the translation sync before a send, in Japanese');

  await sync.getByRole('button', { name: '翻訳に送る' }).click();
  await page.locator('.p-toast-message-success', { hasText: '翻訳システムに送りました' }).waitFor();
  const states = sync.getByTestId('translation-states');
  await states.getByText('取り込み可能').waitFor();
  await closeToasts(page);
  await expectAccessible(page, 'the translation sync with a job, in Japanese');
  // the same texts again: the catalogue's 700001, in the reader's language
  await sync.getByRole('button', { name: '翻訳に送る' }).click();
  await page.locator('.p-toast-message-error', { hasText: 'このメッセージはすでに翻訳システムに送信されています。' }).waitFor();
  await closeToasts(page);

  await sync.getByRole('button', { name: '翻訳を取り込む' }).click();
  await page.locator('.p-toast-message-success', { hasText: '翻訳を取り込みました' }).waitFor();
  await states.getByText('取り込み済み').waitFor();
  // the Japanese tab now holds the translation, its placeholder kept
  await page.getByRole('tab', { name: '日本語' }).click();
  await expect.poll(() => page.inputValue('#template-subject')).toBe(`[ja] Autumn tea at {{preset.shop${RUN}.name}}`);
  const stored = (await suite.admin.ok('templateMessage.detail', { id: saved.id })).template as { contents: Record<string, { subject: string }> };
  expect(stored.contents.ja!.subject).toBe(`[ja] Autumn tea at {{preset.shop${RUN}.name}}`);
  await suite.admin.ok('presetParameter.delete', { id: preset.id });
});
