/**
 * Issue 9's every-block story in Chromium: an email built with every block the builder offers, in English,
 * Chinese and Japanese content, previewed at 600 and 393 px, saved, reloaded unchanged, then sent through the
 * campaign pipeline (reviewed, approved, delivered by the worker) to one recipient per language: each mail in the
 * SES stand-in is the preview of its language, but for the per-recipient tracking links and pixel.
 */
import { languageName } from '../../shared/format';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { ApiClient, sentMail } from '../support/herald';
import { browserSuite, expectAccessible, openPage, signIn, userWithRole } from './browser';

const suite = browserSuite({ config: { sendRates: { EMAIL: 1000, SMS: 1, PUSH_NATIVE: 1, LINE: 1, DIRECT_MAIL: 1 } } });
const RUN = `b${Date.now().toString(36)}`;
const DOMAIN = `${RUN}.example.com`;
const LONG = { timeout: 60_000, interval: 250 };
const TEXTS = {
  en: { subject: `Every block ${RUN}`, title: 'Spring is here', heading: 'What is new', paragraph: 'Hello {{firstName|there}}, take a look.' },
  zh: { subject: `所有区块 ${RUN}`, title: '春天来了', heading: '新品上市', paragraph: '{{firstName|您好}}，欢迎查看。' },
  ja: { subject: `すべてのブロック ${RUN}`, title: '春が来ました', heading: '新着情報', paragraph: '{{firstName|お客様}}、ぜひご覧ください。' },
} as const;
type Lang = keyof typeof TEXTS;

const blockNames = (page: Page) => page.locator('.block-item .block-name').allTextContents();
const previewHtml = (page: Page) => page.locator('[data-testid="template-preview"]').getAttribute('srcdoc');

/** What a mail and its preview share: links and the tracking pixel are each recipient's own, so they are set aside. */
function comparable(html: string): string {
  return html
    .replace(/<img src="[^"]*\/service\/t\/o\/[^"]*"[^>]*>/g, '')
    .replace(/href="[^"]*"/g, 'href="#"')
    .replace(/\s+/g, ' ')
    .trim();
}

async function fillSelected(page: Page, field: string, value: string): Promise<void> {
  await page.locator(`.block-item.selected [id$="-${field}"]`).first().fill(value);
}

it('builds every block in three languages, previews, saves, reloads unchanged, and the sent mails equal the previews', async () => {
  const { page } = await openPage(suite.browser);
  page.setDefaultTimeout(20_000);
  await signIn(page, `${suite.herald.portalUrl}#/library/message/template`);
  await page.getByRole('heading', { name: 'New email template' }).waitFor();
  await page.fill('#template-name', `Every block ${RUN}`);
  await page.fill('#template-subject', TEXTS.en.subject);

  // every block the palette offers, each with what it needs to show (pictures, video, links)
  const types = await page.locator('.palette-list button[data-block-type]').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-block-type')!));
  expect(types.length).toBeGreaterThanOrEqual(15);
  for (const [n, type] of types.entries()) {
    await page.click(`.palette-list button[data-block-type="${type}"]`);
    await expect.poll(() => page.locator('.block-item').count()).toBe(n + 1);
    const selected = page.locator('.block-item.selected');
    for (const input of await selected.locator('input[id$="-image"], input[id$="-icon"]').all()) await input.fill(`https://cdn.example.com/${type}-${n}.png`);
    for (const input of await selected.locator('input[id$="-video"]').all()) await input.fill('https://video.example.com/spring');
    for (const input of await selected.locator('input[id$="-href"]').all()) if (!(await input.inputValue())) await input.fill(`https://example.com/${type}`);
    if (type === 'title') await fillSelected(page, 'text', TEXTS.en.title);
    if (type === 'heading') await fillSelected(page, 'text', TEXTS.en.heading);
  }
  await page
    .getByRole('button', { name: /^Paragraph \d+/ })
    .first()
    .click();
  await fillSelected(page, 'text', TEXTS.en.paragraph);
  expect(await page.locator('.block-item .p-error').count(), 'no block has a message').toBe(0);
  const names = await blockNames(page);
  expect(names).toHaveLength(types.length);

  // Chinese and Japanese: copies of the English to translate, the texts changed in their own tabs
  for (const lang of ['zh', 'ja'] as const) {
    await page.getByRole('button', { name: 'Add language' }).click();
    await page.fill('#language-code', lang);
    await page.locator('.language-add button[type="submit"]').click();
    await page.getByRole('tab', { name: new RegExp(`^${languageName(lang)}`) }).waitFor();
    await page.fill('#template-subject', TEXTS[lang].subject);
    for (const [type, text] of [
      ['Title', TEXTS[lang].title],
      ['Heading', TEXTS[lang].heading],
    ] as const) {
      await page
        .getByRole('button', { name: new RegExp(`^${type} \\d+`) })
        .first()
        .click();
      await fillSelected(page, 'text', text);
    }
    await page
      .getByRole('button', { name: /^Paragraph \d+/ })
      .first()
      .click();
    await fillSelected(page, 'text', TEXTS[lang].paragraph);
  }

  // previews of each language at both widths, personalised for no one (the fallbacks show, as for our recipients)
  await page.uncheck('#preview-sample');
  const previews = {} as Record<Lang, string>;
  for (const lang of ['en', 'zh', 'ja'] as const) {
    await page.getByRole('tab', { name: new RegExp(`^${languageName(lang)}`) }).click();
    await expect.poll(() => previewHtml(page)).toContain(TEXTS[lang].title);
    const html = (await previewHtml(page))!;
    expect(html).toContain(TEXTS[lang].heading);
    expect(html).toContain(TEXTS[lang].paragraph.replace(/\{\{firstName\|([^}]*)\}\}/, '$1'));
    for (const width of ['600', '393']) {
      await page.locator(`.width-option[data-width="${width}"]`).click();
      await expect.poll(() => page.locator('[data-testid="template-preview"]').evaluate((f) => Math.round(f.getBoundingClientRect().width))).toBeLessThanOrEqual(Number(width) + 2);
    }
    previews[lang] = html;
  }
  await expectAccessible(page, 'the builder with every block');

  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('.p-toast-message-success').first().waitFor();
  await expect.poll(() => new URL(page.url()).hash).toMatch(/[?&]id=/);
  const templateId = new URL(page.url().replace('#', '')).searchParams.get('id')!;

  // reloaded: the same blocks, and each language previews exactly as before
  await page.reload();
  await page.getByRole('heading', { name: `Every block ${RUN}` }).waitFor();
  expect(await blockNames(page)).toEqual(names);
  await page.uncheck('#preview-sample');
  for (const lang of ['en', 'zh', 'ja'] as const) {
    await page.getByRole('tab', { name: new RegExp(`^${languageName(lang)}`) }).click();
    await expect.poll(() => previewHtml(page)).toBe(previews[lang]);
  }

  // sent to one recipient per language through review, approval and the delivery worker
  const approver = await userWithRole(suite.admin, {
    username: 'every.approver',
    password: 'Approve@1234',
    permissions: ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_PASS', 'PLAN_REJECT', 'MESSAGE_TYPE_AD_HOC'],
  });
  const approverClient = new ApiClient(suite.herald);
  await approverClient.login('every.approver', 'Approve@1234');
  const locales = { en: 'en-US', zh: 'zh-CN', ja: 'ja-JP' } as const;
  for (const lang of ['en', 'zh', 'ja'] as const) {
    await suite.admin.ok('account.save', { id: `${RUN}-${lang}`, emails: [`${lang}@${DOMAIN}`], locale: locales[lang], emailConsent: true, tags: [RUN] });
  }
  const segment = await suite.admin.ok('segment.save', { name: `Every block ${RUN}`, rule: { op: 'AND', conditions: [{ field: 'tags', operator: 'hasTag', value: RUN }] } });
  const plan = await suite.admin.ok('plan.saveSingle', {
    name: `Every block ${RUN}`,
    title: 'Every block',
    channel: 'EMAIL',
    content: { kind: 'TEMPLATE', templateId },
    segmentId: segment.id,
  });
  await suite.admin.ok('planAction.sendToReview', { id: plan.id, participants: [approver.userId], deadline: suite.herald.rt.clock.now() + 86_400_000 });
  await approverClient.ok('planAction.pass', { id: plan.id });
  await expect.poll(async () => (await sentMail(suite.herald)).filter((m) => m.destination.to[0]?.endsWith(`@${DOMAIN}`)).length, LONG).toBe(3);
  const mails = (await sentMail(suite.herald)).filter((m) => m.destination.to[0]?.endsWith(`@${DOMAIN}`));
  for (const lang of ['en', 'zh', 'ja'] as const) {
    const mail = mails.find((m) => m.destination.to[0] === `${lang}@${DOMAIN}`)!;
    expect(mail.subject, lang).toBe(TEXTS[lang].subject);
    expect(comparable(mail.body.html!), lang).toBe(comparable(previews[lang]));
  }
});
