/**
 * The wizard's Trigger step with the standing triggers: a draft made through the API is opened, given a weekly
 * schedule in each recipient's zone and then a recipient-action trigger with a delay, saved as a draft; what the
 * server stores is what was chosen. Then its webhook and URL sources: a token issued from the step calls the
 * endpoint. axe-core on both forms of the step and on the token dialog.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { Store } from '../../functions/store/store';
import { TRIGGER_TEXTS } from '../../shared/i18n/triggerTexts';
import { browserSuite, closeToasts, expectAccessible, openPage, signIn } from './browser';

const suite = browserSuite();

async function accessible(page: Page, label: string): Promise<void> {
  await closeToasts(page);
  await expectAccessible(page, label);
}

it('a draft gets a weekly schedule in each recipient’s zone, then an action-code trigger with a delay', async () => {
  const now = Date.now();
  const segmentId = randomUUID();
  await new Store(suite.herald.rt).put('segment', {
    orgId: 1,
    id: segmentId,
    name: 'Everyone in Japan',
    description: '',
    rule: { op: 'AND', conditions: [{ field: 'country', operator: 'equals', value: 'JP' }] },
    version: 1,
    dateCreated: now,
    dateUpdated: now,
    createdBy: 'test',
    updatedBy: 'test',
  });
  const draft = await suite.admin.ok('plan.saveSingle', {
    name: 'Weekly digest',
    title: 'Weekly digest',
    channel: 'EMAIL',
    segmentId,
    content: { kind: 'EMAIL', template: { contents: { en: { subject: 'Digest', blocks: [{ type: 'heading', text: 'Hello' }] } } } },
  });
  const { context, page } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/campaigns/new-single?id=${draft.id}`);
  // a saved draft opens under its own name; the wizard's first load can take over 10 s on a busy 2-core runner
  await page.getByRole('heading', { name: 'Edit "Weekly digest"' }).waitFor({ timeout: 30_000 });
  await page.getByRole('heading', { name: 'Step 1 of 4: Message Content' }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Step 2 of 4: Segmentation' }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Step 3 of 4: Trigger' }).waitFor();

  // recurring: every week on Monday and Friday at 09:00, where each recipient is
  await page.getByLabel('Recurring').check();
  await page.locator('.p-dropdown:has(#plan-trigger-unit)').click();
  await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: 'weeks' }).first().click();
  await page.getByLabel('Monday').check();
  await page.getByLabel('Friday').check();
  expect(await page.getByLabel("In each recipient's own time zone").isChecked()).toBe(true);
  await accessible(page, 'the trigger step, a recurring schedule');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect
    .poll(async () => (await suite.admin.ok('plan.detail', { id: draft.id })).trigger)
    .toMatchObject({ kind: 'RECURRING', unit: 'WEEK', hours: [9], weekdays: [2, 6], recipientTimeZone: true });

  // an action code, 30 minutes after it happens
  await page.getByLabel('When the recipient does an action').check();
  await page.fill('#plan-trigger-action-code', 'add_to_cart');
  await page.fill('#plan-trigger-delay', '30');
  await page.locator('#plan-trigger-delay').blur();
  await accessible(page, 'the trigger step, a recipient action');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect
    .poll(async () => (await suite.admin.ok('plan.detail', { id: draft.id })).trigger)
    .toMatchObject({ kind: 'ACTION', actionCode: 'add_to_cart', delayMinutes: 30, limiter: { kind: 'ONCE' } });

  // the same action from the team's back end (the webhook) or a visit of a web address
  await page.getByRole('switch', { name: 'Webhook' }).check();
  await page.fill('#plan-trigger-url', 'shop.example/cart');
  await page.locator('#plan-trigger-url-message', { hasText: TRIGGER_TEXTS.url.en }).waitFor();
  await page.fill('#plan-trigger-url', 'https://shop.example/cart');
  await page.locator('#plan-trigger-url-message.p-error').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect
    .poll(async () => (await suite.admin.ok('plan.detail', { id: draft.id })).trigger)
    .toMatchObject({ kind: 'ACTION', actionCode: 'add_to_cart', webhook: true, url: 'https://shop.example/cart' });
  // a token for the saved webhook: asked first, then shown once with its endpoint and a curl example
  await page.getByRole('button', { name: 'Issue webhook token' }).click();
  await page.getByRole('button', { name: 'Issue token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Webhook token' });
  const endpoint = await dialog.getByLabel('Endpoint', { exact: true }).inputValue();
  const token = await dialog.getByLabel('Token', { exact: true }).inputValue();
  expect(endpoint).toMatch(new RegExp(`/service/hook/v1/1/${draft.id}$`));
  expect(token).toMatch(/^whk_/);
  expect(await dialog.getByLabel('Example call', { exact: true }).inputValue()).toContain(`Authorization: Bearer ${token}`);
  await accessible(page, 'the webhook token dialog');
  // the back end's call with that token, for an account made through the API, is taken
  const accountId = `hook-${randomUUID().slice(0, 8)}`;
  await suite.admin.ok('account.save', { id: accountId, emails: [`${accountId}@example.com`] });
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ accountId, eventId: 'cart-1' }),
  });
  expect(res.status).toBe(200);
  // closed, the token is gone from the page
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  expect(await page.content()).not.toContain(token);
  await context.close();
}, 120_000);
