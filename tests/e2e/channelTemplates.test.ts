/**
 * Push, SMS, LINE and letter templates in Chromium: each made from the library's "New template" menu, checked at
 * its fields, previewed as the recipient gets it (a phone for push, SMS and LINE; the page for a letter, and its
 * PDF downloaded), saved, and reopened from the list in its own editor. axe-core on every editor.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { browserSuite, expectAccessible, openPage, signIn, waitForPath } from './browser';

const suite = browserSuite();

async function newTemplate(page: Page, kind: string, heading: string): Promise<void> {
  await page.goto(`${suite.herald.portalUrl}#/library/message`);
  await page.getByRole('button', { name: 'New template' }).click();
  await page.getByRole('menuitem', { name: `${kind} template` }).click();
  await waitForPath(page, '/library/message/template');
  await page.getByRole('heading', { name: heading }).waitFor();
}

async function saveAndReopen(page: Page, name: string, channelTag: string): Promise<void> {
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('.p-toast-message-success', { hasText: name }).waitFor();
  await expect.poll(() => new URL(page.url()).hash).toMatch(/[?&]id=/);
  await page.goto(`${suite.herald.portalUrl}#/library/message`);
  const row = page.locator('[data-testid="template-list"] tbody tr', { hasText: name });
  await row.waitFor();
  expect(await row.locator('.p-tag', { hasText: channelTag }).count()).toBe(1);
  await row.getByRole('link', { name }).click();
  await page.getByRole('heading', { name }).waitFor();
}

it('writes an SMS with its live counter, its cost at the organization price and the opt-out line, and reopens it', async () => {
  // the organization's price per part for its country (issue 39): the cost shows beside the part count
  const { organization } = await suite.admin.ok('systemSetting.detail');
  await suite.admin.ok('systemSetting.save', { ...organization, defaultCountry: 'JP', smsPrices: [{ country: 'JP', price: 1.6 }], currency: 'JPY' });
  const { context, page } = await openPage(suite.browser);
  await signIn(page, suite.herald.portalUrl);
  await newTemplate(page, 'SMS', 'New SMS template');
  await expectAccessible(page, 'the empty SMS editor');

  await page.getByRole('button', { name: 'Save' }).click();
  expect(await page.locator('#template-name-error').textContent()).toBe('Please input the name!');
  expect(await page.locator('#content-en-text-error').textContent()).toBe('Please input the text!');

  await page.fill('#template-name', 'Code ready');
  await page.fill('#content-en-text', 'Hi {{firstName|there}}, your code is ready');
  await expect.poll(() => page.locator('[data-testid="sms-counter"]').textContent()).toContain('GSM-7');
  expect(await page.locator('[data-testid="sms-cost"]').textContent()).toBe(' · ≈ ¥1.6 (1 part(s) × ¥1.6)');
  expect(await page.locator('[data-testid="sms-preview"]').textContent()).toBe('Hi Alex, your code is ready\nReply STOP to opt out.');
  await page.fill('#content-en-text', `Hi {{firstName|there}}, ${'your code is ready. '.repeat(8)}`);
  await expect.poll(() => page.locator('[data-testid="sms-cost"]').textContent()).toBe(' · ≈ ¥3.2 (2 part(s) × ¥1.6)');
  // an emoji needs Unicode: fewer characters per part
  await page.fill('#content-en-text', 'Hi {{firstName|there}} 🎉');
  await expect.poll(() => page.locator('[data-testid="sms-counter"]').textContent()).toContain('UCS-2');
  expect(await page.locator('[data-testid="sms-counter"]').textContent()).toContain('🎉');
  await page.click('label[for="content-en-stop"]');
  expect(await page.locator('[data-testid="sms-preview"]').textContent()).toBe('Hi Alex 🎉');
  await expectAccessible(page, 'the SMS editor');

  await saveAndReopen(page, 'Code ready', 'SMS');
  expect(await page.inputValue('#content-en-text')).toBe('Hi {{firstName|there}} 🎉');
  expect(await page.locator('#content-en-stop').isChecked()).toBe(false);
  await context.close();
  await suite.admin.ok('systemSetting.save', { ...(await suite.admin.ok('systemSetting.detail')).organization, defaultCountry: '', smsPrices: [], currency: '' });
});

it('writes a push notification with buttons and previews it on iOS and Android', async () => {
  const { context, page } = await openPage(suite.browser);
  await signIn(page, suite.herald.portalUrl);
  await newTemplate(page, 'Push', 'New Push template');
  await page.fill('#template-name', 'Spring push');
  await page.fill('#content-en-title', 'Spring sale, {{firstName|friend}}');
  await page.fill('#content-en-body', 'Up to 30% off today');
  await page.getByRole('button', { name: 'Add a button' }).click();
  await page.fill('#content-en-button-0-text', 'Shop');
  await page.fill('#content-en-button-0-value', 'javascript:alert(1)');
  await page.getByRole('button', { name: 'Save' }).click();
  expect(await page.locator('#content-en-button-0-value-error').textContent()).toContain('full link');
  await page.fill('#content-en-button-0-value', 'https://shop.example/spring');
  await expect.poll(() => page.locator('#content-en-button-0-value-error').count()).toBe(0);
  await page.getByRole('button', { name: 'Add a button' }).click();
  await page.fill('#content-en-button-1-text', 'Later');
  await page.locator('.p-dropdown:has(#content-en-button-1-action)').click();
  await page.locator('.p-dropdown-item', { hasText: 'Close' }).click();
  // Close takes no address
  await expect.poll(() => page.locator('#content-en-button-1-value').count()).toBe(0);
  // two buttons at most (spec 001 3.2)
  expect(await page.getByRole('button', { name: 'Add a button' }).isDisabled()).toBe(true);

  const preview = page.locator('[data-testid="push-preview"]');
  await expect.poll(() => preview.textContent()).toContain('Spring sale, Alex');
  expect(await preview.textContent()).toContain('Up to 30% off today');
  expect(await preview.locator('[data-testid="notification-actions"]').textContent()).toContain('Shop');
  await expectAccessible(page, 'the push editor (iOS)');
  await page.getByRole('button', { name: 'Android' }).click();
  await page.locator('[data-testid="phone-frame"].android').waitFor();
  await expectAccessible(page, 'the push editor (Android)');

  await saveAndReopen(page, 'Spring push', 'Push');
  expect(await page.inputValue('#content-en-title')).toBe('Spring sale, {{firstName|friend}}');
  expect(await page.inputValue('#content-en-button-0-value')).toBe('https://shop.example/spring');
  await context.close();
});

it('builds the in-app page of an html push message from blocks, tip and carousel included', async () => {
  const { context, page } = await openPage(suite.browser);
  await signIn(page, suite.herald.portalUrl);
  await newTemplate(page, 'Push', 'New Push template');
  await page.fill('#template-name', 'In-app spring');
  await page.fill('#content-en-title', 'Spring in the app');
  await page.locator('.p-dropdown:has(#content-en-type)').click();
  await page.locator('.p-dropdown-item', { hasText: 'HTML (in-app)' }).click();
  // the in-app palette offers the HTML builder's blocks
  await page.locator('.palette-list button[data-block-type="carousel"]').waitFor();
  await page.click('.palette-list button[data-block-type="title"]');
  await page.locator('.block-item.selected [id$="-text"]').first().fill('Welcome, {{firstName|friend}}');
  await page.click('.palette-list button[data-block-type="tip"]');
  await page.locator('.block-item.selected [id$="-content"]').first().fill('Swipe to see more.');
  await page.click('.palette-list button[data-block-type="carousel"]');
  const inputs = page.locator('.block-item.selected input[id$="-image"]');
  await inputs.nth(0).fill('https://cdn.example.com/one.png');
  await inputs.nth(1).fill('https://cdn.example.com/two.png');
  const frame = page.frameLocator('[data-testid="in-app-preview"]');
  await frame.getByRole('heading', { name: 'Welcome, Alex' }).waitFor();
  await frame.getByRole('note').filter({ hasText: 'Swipe to see more.' }).waitFor();
  expect(await frame.locator('.hd-carousel img').count()).toBe(2);
  await page.locator('.width-option[data-width="600"]').last().click();
  await expect.poll(() => page.locator('[data-testid="in-app-preview"]').evaluate((f) => Math.round(f.getBoundingClientRect().width))).toBeLessThanOrEqual(602);
  await expectAccessible(page, 'the in-app builder');
  await saveAndReopen(page, 'In-app spring', 'Push');
  await page.frameLocator('[data-testid="in-app-preview"]').getByRole('heading', { name: 'Welcome, Alex' }).waitFor();
  expect(await page.locator('.block-item .block-name').allTextContents()).toEqual(['Title 1', 'Tip 2', 'Carousel 3']);
  await context.close();
});

it('writes LINE messages and a letter with its PDF', async () => {
  const sender = await suite.admin.ok('company.save', {
    company: 'Acme 株式会社',
    directMailType: 'LETTER',
    fullName: 'Acme Corporation',
    address: '東京都渋谷区1-2-3',
    website: 'https://acme.example',
    name: 'Mia Chen',
    phone: '+81 3 1234 5678',
    email: 'mia@acme.example',
  });
  const { context, page } = await openPage(suite.browser);
  await signIn(page, suite.herald.portalUrl);

  await newTemplate(page, 'LINE', 'New LINE template');
  await page.fill('#template-name', 'LINE sale');
  await page.fill('#content-en-m0-text', 'Hello {{firstName|there}}');
  await page.getByRole('button', { name: 'Add a message' }).click();
  await page.locator('.p-dropdown:has(#content-en-m1-type)').click();
  await page.locator('.p-dropdown-item', { hasText: 'Buttons' }).click();
  await page.fill('#content-en-m1-alt', 'Our sale');
  await page.fill('#content-en-m1-title', 'Sale');
  await page.fill('#content-en-m1-btext', 'See what is new');
  await page.fill('#content-en-m1-a0-label', 'Open');
  await page.fill('#content-en-m1-a0-uri', 'https://shop.example');
  const line = page.locator('[data-testid="line-preview"]');
  await expect.poll(() => line.textContent()).toContain('Hello Alex');
  expect(await line.locator('[data-testid="line-card"]').textContent()).toContain('See what is new');
  await expectAccessible(page, 'the LINE editor');
  await saveAndReopen(page, 'LINE sale', 'LINE');
  expect(await page.inputValue('#content-en-m1-a0-uri')).toBe('https://shop.example');

  await newTemplate(page, 'Letter', 'New Letter template');
  await page.fill('#template-name', 'Spring letter');
  await page.locator('.p-dropdown:has(#template-company)').click();
  await page.locator('.p-dropdown-item', { hasText: 'Acme 株式会社' }).click();
  await page.fill('#content-en-subject', 'Spring offer for {{firstName}}');
  await page.fill('#content-en-body', 'Dear {{firstName|customer}},\n\nOur spring offer is here.');
  const letter = page.locator('[data-testid="letter-preview"]');
  await expect.poll(() => letter.textContent()).toContain('Spring offer for Alex');
  expect(await letter.locator('[data-testid="letter-sender"]').textContent()).toContain('東京都渋谷区1-2-3');
  expect(await letter.locator('[data-testid="letter-closing"]').textContent()).toContain('Mia Chen');
  await expectAccessible(page, 'the letter editor');
  // the PDF is drawn on the server: on a loaded machine that takes longer than a click's usual wait
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toBe('Spring-offer-for-Alex.pdf');
  const bytes = await (await download.createReadStream())!.toArray();
  expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe('%PDF-');
  await saveAndReopen(page, 'Spring letter', 'Letter');
  const saved = (await suite.admin.ok('templateMessage.getListByPage', { page: 0, size: 10, name: 'Spring letter' })).list[0]!;
  expect(((await suite.admin.ok('templateMessage.detail', { id: saved.id })).template as { companyId?: string }).companyId).toBe(sender.id);
  await context.close();
});
