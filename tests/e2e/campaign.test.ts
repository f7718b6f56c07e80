/**
 * The campaign screens in Chromium, through the story of issue 8: the author writes an email in the Create New
 * Notification wizard (content, segment with its live size, trigger with the 5-minute rule, review with the
 * preview at 600 and 393 px), sends a test and sends it to review; another user approves it on /home; the detail
 * page follows it out and shows one send per matching account. A rejection shows its type and reason to the
 * author. The campaign list keeps its tab while moving around and asks before destructive actions; the
 * unsubscription list searches and deletes. axe-core on every screen and dialog on the way.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import mammoth from 'mammoth';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { Store } from '../../functions/store/store';
import { accountKey } from '../../shared/entities';
import { unsubscriptionId } from '../../shared/entities/messageUnsubscription';
import { sentMail } from '../support/herald';
import { until } from '../support/until';
import { browserSuite, closeToasts, expectAccessible, openPage, signIn, userWithRole, waitForPath } from './browser';

const suite = browserSuite({ config: { sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } } });
const APPROVER = { username: 'mia.approver', password: 'Approve@1234' };
const ACCOUNTS = 12;
let approverId: string;
let segmentId: string;
/** the addresses the segment matches (country JP) */
let matching: string[];

/** Accounts and a segment written straight to the store: the import screens are tested on their own. */
beforeAll(async () => {
  const { herald, admin } = suite;
  const store = new Store(herald.rt);
  const now = herald.rt.clock.now();
  const audit = { version: 1, dateCreated: now, dateUpdated: now, createdBy: 'test', updatedBy: 'test' };
  const accounts = Array.from({ length: ACCOUNTS }, (_, i) => ({
    ...accountKey(1, `reader-${i}`),
    orgId: 1,
    emails: [`reader-${i}@example.com`],
    firstName: `Reader${i}`,
    country: i % 3 === 0 ? 'US' : 'JP',
    emailConsent: true,
    smsConsent: false,
    pushConsent: false,
    lineConsent: false,
    tags: [],
    attributes: {},
    ...audit,
  }));
  await Promise.all(accounts.map((a) => store.put('account', a)));
  matching = accounts.filter((a) => a.country === 'JP').map((a) => a.emails[0]);
  segmentId = randomUUID();
  await store.put('segment', {
    orgId: 1,
    id: segmentId,
    name: 'Readers in Japan',
    description: '',
    rule: { op: 'AND', conditions: [{ field: 'country', operator: 'equals', value: 'JP' }] },
    ...audit,
  });
  ({ userId: approverId } = await userWithRole(admin, { ...APPROVER, permissions: ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_PASS', 'PLAN_REJECT', 'MESSAGE_TYPE_AD_HOC'] }));
  const { organization } = await admin.ok('systemSetting.detail');
  await admin.ok('systemSetting.save', { ...organization, testAddresses: ['spring-qa@example.com'] });
});

async function pick(page: Page, inputId: string, option: string, filter?: string): Promise<void> {
  await page.locator(`.p-dropdown:has(#${inputId})`).click();
  if (filter) await page.locator('.p-dropdown-panel .p-dropdown-filter').fill(filter);
  await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: option }).first().click();
  await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
}

/** The wall clock in Tokyo `minutes` from now: ['YYYY-MM-DD', 'HH:mm']. */
function tokyo(minutes: number): [string, string] {
  const f = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  const p = Object.fromEntries(f.formatToParts(new Date(Date.now() + minutes * 60_000)).map((x) => [x.type, x.value]));
  return [`${p.year}-${p.month}-${p.day}`, `${p.hour}:${p.minute}`];
}

/** axe-core once the toasts are gone (a toast fading out reads as low contrast). */
async function accessible(page: Page, label: string): Promise<void> {
  await closeToasts(page);
  await expectAccessible(page, label);
}

const toast = (page: Page, text: string) => page.locator('.p-toast-message', { hasText: text }).waitFor();
const metric = (page: Page, name: string) => page.locator(`[data-metric="${name}"] dd`).textContent();

async function draftInReview(name: string) {
  const draft = await suite.admin.ok('plan.saveSingle', {
    name,
    title: name,
    channel: 'EMAIL',
    segmentId,
    content: { kind: 'EMAIL', template: { contents: { en: { subject: name, blocks: [{ type: 'heading', text: 'Hello' }] } } } },
  });
  await suite.admin.ok('planAction.sendToReview', { id: draft.id, participants: [approverId], deadline: Date.now() + 24 * 3600_000 });
  return draft.id as string;
}

it('the author writes, tests and sends to review; the approver approves on /home; the detail shows every send', async () => {
  const { context, page } = await openPage(suite.browser);
  await signIn(page, suite.herald.portalUrl);

  // The list, empty.
  await page.click('.side-menu a[href="#/campaigns"]');
  await waitForPath(page, '/campaigns');
  await page.getByRole('heading', { name: 'Campaigns' }).waitFor();
  await page.locator('[data-testid="campaign-list"]', { hasText: 'No messages yet.' }).waitFor();
  expect(await page.getByRole('tab').allTextContents()).toEqual(['All', 'Active', 'Pending Approval', 'Inactive', 'Draft', 'Rejected', 'Archive']);
  await accessible(page, 'the empty campaign list');

  // Step 1: nothing goes further without a name, a title and an email.
  await page.getByRole('button', { name: 'New single message' }).click();
  await waitForPath(page, '/campaigns/new-single');
  await page.getByRole('heading', { name: 'Create New Notification' }).waitFor();
  await accessible(page, 'the wizard, message content');
  await page.getByRole('button', { name: 'Next' }).click();
  await toast(page, 'Please complete this step first.');
  expect(await page.locator('#plan-name-error').textContent()).toBe('Please input the name!');
  expect(await page.locator('#plan-title-error').textContent()).toBe('Please input the title!');
  expect(await page.locator('#template-subject-error').textContent()).toBe('Please input the subject!');
  await page.fill('#plan-name', 'Spring sale');
  await page.fill('#plan-title', 'Spring sale for Japan');
  await page.fill('#template-subject', 'Hello {{firstName|there}}');
  await page.click('.palette-list button[data-block-type="heading"]');
  await page.locator('.block-item.selected [id$="-text"]').first().fill('Spring is here');
  await page.click('.palette-list button[data-block-type="button"]');
  await page.locator('.block-item.selected [id$="-text"]').first().fill('See the offer');
  await page.locator('.block-item.selected [id$="-href"]').first().fill('https://example.com/offer');
  await page.frameLocator('[data-testid="template-preview"]').getByRole('heading', { name: 'Spring is here' }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: the segment and its live size.
  await page.getByRole('heading', { name: 'Step 2 of 4: Segmentation' }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  expect(await page.locator('#plan-segment-error').textContent()).toBe('Please choose the segment!');
  await pick(page, 'plan-segment', 'Readers in Japan');
  await expect.poll(() => page.getByTestId('segment-size').textContent()).toBe(`${matching.length} accounts match now`);
  await accessible(page, 'the wizard, segmentation');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: a time in Tokyo two minutes ahead breaks the 5-minute rule (750002); two hours ahead is fine.
  await page.getByRole('heading', { name: 'Step 3 of 4: Trigger' }).waitFor();
  await page.getByLabel('At a date and time').check();
  await pick(page, 'plan-trigger-zone', 'Asia/Tokyo', 'Tokyo');
  const [soonDate, soonTime] = tokyo(2);
  await page.fill('#plan-trigger-date', soonDate);
  await page.fill('#plan-trigger-time', soonTime);
  await expect.poll(() => page.locator('#plan-trigger-time-error').textContent()).toBe('The next execute time is too close (at least 5 minutes apart).');
  expect(await page.locator('#plan-trigger-time-error').getAttribute('role')).toBe('alert');
  await accessible(page, 'the wizard, trigger with the 5-minute rule');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Step 3 of 4: Trigger' }).waitFor();
  const [laterDate, laterTime] = tokyo(120);
  await page.fill('#plan-trigger-date', laterDate);
  await page.fill('#plan-trigger-time', laterTime);
  await expect.poll(() => page.getByTestId('schedule-instant').textContent()).toMatch(/^Goes out at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:00 UTC\.$/);
  // this message goes out now, so the test can watch it
  await page.getByLabel('Immediately').check();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4: the review, the preview at both widths, a test and the approval.
  await page.getByRole('heading', { name: 'Step 4 of 4: Review' }).waitFor();
  const frame = page.locator('[data-testid="template-preview"]');
  expect(Math.round((await frame.boundingBox())!.width)).toBe(600);
  await page.getByRole('button', { name: 'Mobile, 393 px' }).click();
  await expect.poll(async () => Math.round((await frame.boundingBox())!.width)).toBe(393);
  await page.locator('.participant-list').waitFor();
  await accessible(page, 'the wizard, review');
  // tests go only to members and the organization's kept test addresses (kept in beforeAll); the picker offers both
  await page.getByText('Tests go only to members of this organization').waitFor();
  await pick(page, 'test-address-pick', 'spring-qa@example.com');
  // the field starts with the author's own address; a pick is added after it
  expect(await page.inputValue('#test-addresses')).toBe('admin@herald.local, spring-qa@example.com');
  await page.fill('#test-addresses', 'spring-qa@example.com, not-an-address');
  await page.getByRole('button', { name: 'Send test' }).click();
  expect(await page.locator('#test-addresses-error').textContent()).toBe('Please enter the correct email address.');
  await page.fill('#test-addresses', 'spring-qa@example.com');
  await page.getByRole('button', { name: 'Send test' }).click();
  await toast(page, 'Test sent to spring-qa@example.com.');
  const test = (await sentMail(suite.herald)).find((m) => m.destination.to.includes('spring-qa@example.com'));
  expect(test?.subject).toBe('[TEST] Hello there');
  expect(test?.body.html).toContain('See the offer');

  await page.getByRole('button', { name: 'Send to review' }).click();
  expect(await page.locator('#participants-error').textContent()).toBe('Please choose the participants!');
  await page.check(`#participant-${approverId}`);
  await page.getByRole('button', { name: 'Send to review' }).click();
  await waitForPath(page, '/campaigns/detail');
  await toast(page, '"Spring sale" was sent to review.');
  await page.getByRole('heading', { name: 'Spring sale' }).waitFor();
  await page.locator('.page-header [data-status="PENDING_APPROVAL"]').waitFor();
  expect(await page.getByTestId('approval-sheet').locator('tbody tr').allTextContents()).toEqual([`Test ${APPROVER.username}Waiting`]);
  await accessible(page, 'the message detail, overview');
  const planId = new URL(page.url().replace('#', '')).searchParams.get('id')!;

  // The approver: the message waits on /home; approving asks first.
  const approver = await openPage(suite.browser);
  await signIn(approver.page, `${suite.herald.portalUrl}#/home`, APPROVER.username, APPROVER.password);
  const row = approver.page.locator(`[data-testid="home-card-ACTION_REQUIRED"] li[data-plan-id="${planId}"]`);
  await row.waitFor();
  await expect.poll(() => approver.page.getByTestId('home-count-ACTION_REQUIRED').textContent()).toBe('1');
  await accessible(approver.page, 'the home page with a message to approve');
  await row.getByRole('button', { name: 'Approve' }).click();
  await approver.page.locator('.app-confirm', { hasText: 'Pass "Spring sale"?' }).waitFor();
  await accessible(approver.page, 'the approve confirmation');
  await approver.page.locator('.app-confirm').getByRole('button', { name: 'Approve' }).click();
  await toast(approver.page, '"Spring sale" was approved.');
  // the Approve button went with the row: the focus is on the page's heading, not lost to the body
  await expect.poll(() => approver.page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
  await approver.page.locator('[data-testid="home-card-ACTION_REQUIRED"]', { hasText: 'Nothing waits for your approval.' }).waitFor();
  await approver.context.close();

  // It goes out: one mail per matching account, and the author's page follows it by itself.
  await suite.herald.delivery.idle();
  await expect.poll(async () => (await suite.admin.ok('plan.detail', { id: planId })).status, { timeout: 30_000 }).toBe('DEPLOYED');
  const mails = (await sentMail(suite.herald)).filter((m) => m.subject.startsWith('Hello Reader'));
  expect(mails.flatMap((m) => m.destination.to).sort()).toEqual([...matching].sort());
  await page.locator('.page-header [data-status="DEPLOYED"]').waitFor({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Analytics', exact: true }).click();
  await expect.poll(() => metric(page, 'sent'), { timeout: 15_000 }).toBe(String(matching.length));
  expect(await metric(page, 'matched')).toBe(String(matching.length));
  expect(await metric(page, 'successRate')).toBe('100.00%');
  expect(await metric(page, 'failed')).toBe('0');
  expect(await metric(page, 'openRate')).toBe('0.00%');
  // nobody read the hosted page yet: no reader at any depth, a scroll rate of 0 per send
  expect(await metric(page, 'scroll-100')).toBe('0');
  expect(await metric(page, 'scrollRate')).toBe('0.00%');
  await page.getByTestId('activity-chart').locator('svg[role="img"]').waitFor();
  await accessible(page, 'the message detail, analytics');

  await page.getByRole('tab', { name: 'Operation Record' }).click();
  await expect
    .poll(() => page.getByTestId('operation-records').locator('tbody tr td:nth-child(2)').allTextContents())
    .toEqual(['Sending finished', 'Sending started', 'Scheduled', 'Approved', 'Sent to review']);
  await accessible(page, 'the message detail, operation record');
  await page.getByRole('tab', { name: 'Sent records' }).click();
  await expect.poll(() => page.getByTestId('sent-records').locator('tbody tr td:first-child').allTextContents()).toHaveLength(matching.length);
  await accessible(page, 'the message detail, sent records');
  await page.getByRole('tab', { name: 'A/B Analytics' }).click();
  await page.getByText('This message has no A/B split.').waitFor();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect.poll(() => page.getByTestId('plan-settings').textContent()).toMatch(/Message type\s*Ad hoc[\s\S]*Delivery\s*Immediately/);
  await accessible(page, 'the message detail, settings');
  await context.close();
}, 180_000);

it('a rejection needs a type and a reason, and the author sees them', async () => {
  const planId = await draftInReview('Summer sale');
  const approver = await openPage(suite.browser);
  await signIn(approver.page, `${suite.herald.portalUrl}#/home`, APPROVER.username, APPROVER.password);
  const row = approver.page.locator(`[data-testid="home-card-ACTION_REQUIRED"] li[data-plan-id="${planId}"]`);
  await row.getByRole('button', { name: 'Reject' }).click();
  const dialog = approver.page.locator('#reject-dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Reject' }).click();
  expect(await approver.page.locator('#reject-type-error').textContent()).toBe('Please choose the type!');
  expect(await approver.page.locator('#reject-reason-error').textContent()).toBe('Please write the reason!');
  await accessible(approver.page, 'the reject dialog');
  await pick(approver.page, 'reject-type', 'Content');
  await approver.page.fill('#reject-reason', 'The price is wrong.');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await toast(approver.page, '"Summer sale" was rejected.');
  await approver.context.close();

  const { context, page } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/home`);
  const mine = page.locator(`[data-testid="home-card-REJECTED"] li[data-plan-id="${planId}"]`);
  expect(await mine.getByTestId('home-rejection').textContent()).toBe('Content: The price is wrong.');
  // the day's summary: what went out today, as the dashboard counts it (in this file, the first test's sends)
  const today = (await suite.admin.ok('dashboardMetric.summary', { preset: 'TODAY' })).totals;
  await expect.poll(() => page.getByTestId('home-today-sent').textContent()).toBe(String(today.sent));
  await accessible(page, 'the home page with a rejected message');
  await mine.getByRole('link', { name: 'Summer sale' }).click();
  await waitForPath(page, '/campaigns/detail');
  await expect.poll(() => page.getByTestId('rejection-notice').textContent()).toContain('Rejected: ContentThe price is wrong.');
  // editing it again shows the reason while the author fixes the message
  await page.locator('.page-header').getByRole('button', { name: 'Edit' }).click();
  await waitForPath(page, '/campaigns/new-single');
  await expect.poll(() => page.getByTestId('rejection-notice').textContent()).toContain('The price is wrong.');
  await context.close();
}, 90_000);

it('the list filters by tab, search and channel, keeps its tab while moving around, and asks before deleting', async () => {
  for (const name of ['Autumn draft', 'Winter draft']) {
    await suite.admin.ok('plan.saveSingle', { name, title: name, channel: 'EMAIL', content: { kind: 'EMAIL', template: { contents: { en: { subject: name } } } } });
  }
  const { context, page } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/campaigns`);
  const rows = page.locator('[data-testid="campaign-list"] tbody tr:not(.p-datatable-emptymessage)');
  await expect.poll(() => rows.locator('td:first-child').allTextContents()).toEqual(expect.arrayContaining(['Winter draft', 'Autumn draft', 'Summer sale']));

  await page.getByRole('tab', { name: 'Draft' }).click();
  await expect.poll(() => rows.locator('td:first-child').allTextContents()).toEqual(['Winter draft', 'Autumn draft']);
  expect(new URL(page.url().replace('#', '')).searchParams.get('filter')).toBe('DRAFT');
  await page.fill('#filter-name', 'autumn');
  await expect.poll(() => rows.locator('td:first-child').allTextContents()).toEqual(['Autumn draft']);
  await pick(page, 'filter-channel', 'SMS');
  await page.locator('[data-testid="campaign-list"]', { hasText: 'No messages under this filter.' }).waitFor();
  await pick(page, 'filter-channel', 'Email');
  await expect.poll(() => rows.count()).toBe(1);
  await accessible(page, 'the campaign list, filtered');

  // To a message and back by the menu: the list is as it was left.
  await rows.getByRole('link', { name: 'Autumn draft' }).click();
  await waitForPath(page, '/campaigns/detail');
  await page.getByRole('heading', { name: 'Autumn draft' }).waitFor();
  await page.click('.side-menu a[href="#/campaigns"]');
  await waitForPath(page, '/campaigns');
  await expect.poll(() => page.getByRole('tab', { name: 'Draft' }).getAttribute('aria-selected')).toBe('true');
  expect(await page.inputValue('#filter-name')).toBe('autumn');
  await expect.poll(() => rows.locator('td:first-child').allTextContents()).toEqual(['Autumn draft']);

  // Delete asks first and starts on Cancel; Cancel keeps it.
  await rows.getByRole('button', { name: 'Delete: Autumn draft' }).click();
  await page.locator('.app-confirm', { hasText: 'Delete "Autumn draft"?' }).waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Cancel');
  await accessible(page, 'the delete confirmation');
  await page.keyboard.press('Enter');
  await page.locator('.app-confirm').waitFor({ state: 'detached' });
  expect(await rows.count()).toBe(1);
  await rows.getByRole('button', { name: 'Delete: Autumn draft' }).click();
  await page.locator('.app-confirm').getByRole('button', { name: 'Delete' }).click();
  await toast(page, '"Autumn draft" was deleted.');
  await page.locator('[data-testid="campaign-list"]', { hasText: 'No messages under this filter.' }).waitFor();

  // Duplicate makes a draft copy, from the list and from the detail (which opens the copy).
  await page.fill('#filter-name', 'winter');
  await expect.poll(() => rows.locator('td:first-child').allTextContents()).toEqual(['Winter draft']);
  await rows.getByRole('button', { name: 'Duplicate: Winter draft' }).click();
  await toast(page, 'A copy "Winter draft (copy)" was made as a draft.');
  await expect.poll(() => rows.locator('td:first-child').allTextContents()).toEqual(['Winter draft (copy)', 'Winter draft']);
  await rows.getByRole('link', { name: 'Winter draft (copy)' }).click();
  await page.getByRole('heading', { name: 'Winter draft (copy)' }).waitFor();
  await page.locator('.page-header').getByRole('button', { name: 'Duplicate', exact: true }).click();
  await page.getByRole('heading', { name: 'Winter draft (copy) (copy)' }).waitFor();
  await toast(page, 'A copy "Winter draft (copy) (copy)" was made as a draft.');
  await context.close();
}, 90_000);

it('base info: tags, group and report recipients on the detail, then the list filters by the tag', async () => {
  const { admin } = suite;
  await admin.ok('planTag.save', { name: 'Loyalty', color: '#2255aa' });
  await admin.ok('planGroup.save', { name: 'Members club' });
  const draft = await admin.ok('plan.saveSingle', {
    name: 'Base info draft',
    title: 'Base',
    channel: 'EMAIL',
    content: { kind: 'EMAIL', template: { contents: { en: { subject: 'Base' } } } },
  });
  const { context, page } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/campaigns/detail?id=${draft.id}`);
  await page.getByRole('heading', { name: 'Base info draft' }).waitFor();
  await page.locator('.page-header').getByRole('button', { name: 'Base info' }).click();
  const dialog = page.locator('#base-info-dialog');
  await dialog.waitFor();
  await page.locator('.p-multiselect:has(#base-info-tags)').click();
  await page.locator('.p-multiselect-panel .p-multiselect-item', { hasText: 'Loyalty' }).click();
  // a click outside closes the panel (Escape would close the dialog too), once the panel listens for one
  await page.locator('.p-multiselect-panel.p-connected-overlay-enter-done').waitFor();
  await dialog.locator('.p-dialog-title').click();
  await page.locator('.p-multiselect-panel').waitFor({ state: 'detached' });
  await pick(page, 'base-info-groupId', 'Members club');
  await page.fill('#base-info-mails', 'not-an-address');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.locator('.field-error', { hasText: '"not-an-address" is not a valid e-mail address.' }).waitFor();
  await accessible(page, 'the base info dialog with an error');
  await page.fill('#base-info-mails', 'lead@example.com\nboss@example.com');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'The base info of "Base info draft" was saved.');
  await page.locator('.summary-row', { hasText: 'Report recipients' }).getByText('lead@example.com, boss@example.com').waitFor();
  await page.locator('.summary-row', { hasText: 'Group' }).getByText('Members club').waitFor();
  expect(await admin.ok('plan.detail', { id: draft.id })).toMatchObject({ tagIds: [expect.any(String)], reportMails: ['lead@example.com', 'boss@example.com'] });

  await page.click('.side-menu a[href="#/campaigns"]');
  await waitForPath(page, '/campaigns');
  await page.getByRole('tab', { name: 'All' }).click();
  await page.fill('#filter-name', '');
  await pick(page, 'filter-tagId', 'Loyalty');
  const rows = page.locator('[data-testid="campaign-list"] tbody tr:not(.p-datatable-emptymessage)');
  await expect.poll(() => rows.locator('td:first-child').allTextContents()).toEqual(['Base info draft']);
  await context.close();
}, 60_000);

it('the plan report asks for messages, then shows the counts the API gives, with a CSV and a Word file; a requested report downloads from its screen', async () => {
  const { admin } = suite;
  const spring = (await admin.ok('plan.getAll', { name: 'Spring sale' }))[0];
  const today = new Date().toISOString().slice(0, 10);
  const expected = await admin.ok('report.plan', { planIds: [spring.id], start: today, end: today });
  const { context, page } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/plan-report`);
  await page.getByRole('heading', { name: 'Plan report' }).waitFor();
  await page.getByRole('button', { name: 'Make the report' }).click();
  await page.locator('#report-plans-error', { hasText: 'No Message ID were selected' }).waitFor();
  await page.locator('.p-multiselect:has(#report-plans)').click();
  await page.locator('.p-multiselect-panel .p-multiselect-item', { hasText: 'Spring sale' }).first().click();
  // the panel listens for a click outside only once it has entered
  await page.locator('.p-multiselect-panel.p-connected-overlay-enter-done').waitFor();
  await page.locator('.page-header h1').click();
  await page.locator('.p-multiselect-panel').waitFor({ state: 'detached' });
  await page.fill('#report-start', today);
  await page.fill('#report-end', today);
  await page.getByRole('button', { name: 'Make the report' }).click();
  const row = page.locator('[data-testid="plan-report"] tbody tr', { hasText: 'Spring sale' });
  await row.waitFor();
  expect(await row.locator('[data-metric="sent"]').textContent()).toBe(String(expected.rows[0].totals.sent));
  expect(expected.rows[0].totals.sent).toBeGreaterThan(0);
  await accessible(page, 'the plan report');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csvFile = await download;
  expect(csvFile.suggestedFilename()).toBe(`plan-report-${today}-${today}.csv`);
  // the period's zone in the heading, a line per message and no empty one, and no apostrophe before a '--'
  const csv = readFileSync((await csvFile.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(csv[0]).toMatch(/^Period \(UTC\),Message,Group,Channel,Message type,Sent,/);
  expect(csv).toHaveLength(expected.rows.length + 2);
  expect(csv.at(-1)).toBe('');
  expect(csv[1]).toMatch(new RegExp(`^${today} – ${today},Spring sale,`));
  expect(csv.join('\n')).not.toContain(",'");
  // the same report as a Word file: a real .docx, read back, holding the message and its figures
  const word = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Word' }).click();
  const docx = await word;
  expect(docx.suggestedFilename()).toMatch(/\.docx$/);
  const { value: text } = await mammoth.extractRawText({ path: (await docx.path())! });
  expect(text).toContain('Spring sale');
  expect(text).toContain(String(expected.rows[0].totals.sent));

  // the row leads to the message; its Schedule tab lists the run that sent it
  await row.getByRole('link', { name: 'Spring sale' }).click();
  await waitForPath(page, '/campaigns/detail');
  await page.getByRole('tab', { name: 'Schedule' }).click();
  const runs = page.getByTestId('schedule-runs').locator('tbody tr');
  await expect.poll(() => runs.count()).toBe(1);
  expect(await runs.first().textContent()).toContain('Done');
  await accessible(page, 'the message detail, schedule');
  // a requested report (asked for through the API, made by its job) downloads from its screen as the same figures
  const asked = await admin.ok('requestedReport.create', { kind: 'REQUESTED', name: 'Spring requested', planIds: [spring.id], start: today, end: today });
  await suite.herald.jobs.idle();
  await until(
    'the requested report made',
    () => admin.ok('requestedReport.detail', { id: asked.id }),
    (r: { status: string }) => r.status === 'DONE',
    20_000,
  );
  await page.goto(`${suite.herald.portalUrl}#/requested/requested-reports`);
  // the headings and the state are words (the status heading once printed i18next's "returned an object")
  const table = page.locator('[data-testid="requested-reports"]');
  await table.waitFor();
  expect(await table.locator('thead th').allTextContents()).toEqual(['Report name', 'Period (UTC)', 'Asked at', 'Status', 'Actions']);
  expect(await table.locator('tbody tr', { hasText: 'Spring requested' }).locator('.p-tag').textContent()).toBe('Ready');
  const requested = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download: Spring requested' }).click();
  const requestedFile = await requested;
  await accessible(page, 'the requested reports');
  expect(requestedFile.suggestedFilename()).toBe(`requested-report-${today}-${today}.docx`);
  const requestedText = (await mammoth.extractRawText({ path: (await requestedFile.path())! })).value;
  expect(requestedText).toContain('Spring sale');
  expect(requestedText).toMatch(new RegExp(`Total\\s+${expected.total.sent}\\s`));
  await context.close();
}, 90_000);

it('the unsubscription list searches, filters and deletes after a confirmation', async () => {
  const store = new Store(suite.herald.rt);
  const now = suite.herald.rt.clock.now();
  for (const [target, source] of [
    ['gone@example.com', 'UNSUBSCRIBE'],
    ['bounced@example.com', 'BOUNCE'],
  ] as const) {
    await store.forOrg(1).put('messageUnsubscription', { id: unsubscriptionId('EMAIL', target), channelName: 'EMAIL', target, source, dateCreated: now });
  }
  const { context, page } = await openPage(suite.browser);
  await signIn(page, suite.herald.portalUrl);
  await page.click('.side-menu a[href="#/library/unsubscription"]');
  await waitForPath(page, '/library/unsubscription');
  await page.getByRole('heading', { name: 'Unsubscriptions' }).waitFor();
  const rows = page.locator('[data-testid="unsubscription-list"] tbody tr:not(.p-datatable-emptymessage)');
  await expect.poll(() => rows.count()).toBe(2);
  await accessible(page, 'the unsubscription list');
  await page.fill('#filter-target', 'bounced');
  await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining('Bounce')]);
  await rows.getByRole('button', { name: 'Delete bounced@example.com' }).click();
  await page.locator('.app-confirm').getByRole('button', { name: 'Delete' }).click();
  await toast(page, 'bounced@example.com was removed from the list.');
  await page.locator('[data-testid="unsubscription-list"]', { hasText: 'No unsubscribed addresses.' }).waitFor();
  expect((await suite.admin.ok('messageUnsubscription.getListByPage', {})).list.map((u: { target: string }) => u.target)).toEqual(['gone@example.com']);

  // several at once: nothing chosen says so (spec 001 section 5); two chosen go together after a confirmation
  for (const target of ['one@example.com', 'two@example.com']) {
    await store.forOrg(1).put('messageUnsubscription', { id: unsubscriptionId('EMAIL', target), channelName: 'EMAIL', target, source: 'MANUAL', dateCreated: now });
  }
  await page.fill('#filter-target', '');
  await expect.poll(() => page.url()).not.toContain('target=');
  // the rows were added behind the page's back: refresh
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(() => rows.count()).toBe(3);
  await page.getByRole('button', { name: 'Delete selected (0)' }).click();
  await page.locator('.p-toast-message', { hasText: 'No target were selected' }).waitFor();
  for (const target of ['one@example.com', 'two@example.com']) await page.getByRole('checkbox', { name: `Choose ${target}` }).check();
  await accessible(page, 'the unsubscription list with rows chosen');
  await page.getByRole('button', { name: 'Delete selected (2)' }).click();
  const confirm = page.locator('.app-confirm');
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await toast(page, '2 addresses were removed from the list.');
  await expect.poll(async () => (await suite.admin.ok('messageUnsubscription.getListByPage', {})).list.map((u: { target: string }) => u.target)).toEqual(['gone@example.com']);
  await context.close();
});
