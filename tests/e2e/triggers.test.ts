/**
 * The wizard's Trigger step with the standing triggers: a draft made through the API is opened, given a weekly
 * schedule in each recipient's zone and then a recipient-action trigger with a delay, saved as a draft; what the
 * server stores is what was chosen. axe-core on both forms of the step.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { Store } from '../../functions/store/store';
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
  await signIn(page, suite.herald.portalUrl);
  await page.goto(`${suite.herald.portalUrl}#/campaigns/new-single?id=${draft.id}`);
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
  await context.close();
}, 120_000);
