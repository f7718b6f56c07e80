/**
 * The whole story of issue 8 in Chromium, on 1,000 accounts imported through the browser (its first "Must show"):
 * the author imports a CSV of 1,000 good rows and 3 bad ones on /library/batches, with progress and the bad-rows
 * report; builds a segment in the editor that matches all 1,000 and sees its live size; writes a personalised email
 * in the Create New Notification wizard, sends a test and sends it to review naming an approver; the approver
 * approves on /home. The SES stand-in then holds exactly 1,000 mails, one per address, each with both unsubscribe
 * headers, and the detail page shows 1,000 sent. One mail's pixel and one of its links move the open and click
 * counts on the detail page; a cookieless one-click POST to its List-Unsubscribe URL puts the address on
 * /library/unsubscription, and a second message to the same segment skips it: 999 mails, one SKIPPED record with
 * reason UNSUBSCRIBED, shown among the skip reasons on that message's detail page. axe-core on the screens the
 * other browser tests do not reach.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { ApiClient, sentMail } from '../support/herald';
import { browserSuite, closeToasts, expectAccessible, openPage, signIn, userWithRole, waitForPath } from './browser';

// 100,000 mails a second: at the default 14 a second, 1,000 mails would take 70 s.
const suite = browserSuite({ config: { sendRates: { EMAIL: 100_000, SMS: 1, PUSH_NATIVE: 1, LINE: 1, DIRECT_MAIL: 1 } } });

/** The SES stand-in is shared by every test file of a run: this file's mails are told apart by domain and subject. */
const RUN = `s${Date.now().toString(36)}`;
const DOMAIN = `${RUN}.example.com`;
const SUBJECT = `Story ${RUN}: hello {{firstName|there}}`;
const FOLLOW_UP = `Follow-up ${RUN}`;
const GOOD = 1000;
const APPROVER = { username: 'ida.approver', password: 'Approve@1234' };
/** Long waits: this runs on a loaded 2-core machine. */
const LONG = { timeout: 60_000, interval: 250 };

interface Mail {
  subject: string;
  destination: { to: string[] };
  headers?: { name: string; value: string }[];
  body: { text?: string; html?: string };
}

/** The first names each address was imported with ('' for the rows that leave it empty). */
const firstNames = new Map<string, string>();
let csvPath: string;
/** Bad rows by file row number (the header is row 1), with the reason the report must give. */
const BAD: Record<number, string> = {};
let approverId: string;
let author: { context: BrowserContext; page: Page };
let planId: string;
let segmentId: string;
/** the recipient who opens, clicks and then unsubscribes */
let leaving: Mail;

beforeAll(async () => {
  // 1,000 good rows that consent to email (every 250th without a first name, so the fallback shows), 3 bad ones among them
  const lines = ['customer_id,email,first_name,country,plan,email_consent'];
  const bad: Record<number, [string, string]> = {
    6: ['B1,not-an-address,Ann,JP,gold,yes', 'email: Please enter the correct email address.'],
    501: [`,nokey@${DOMAIN},"Doe, Jo",US,gold,yes`, "The field 'customer_id' is required."],
    1002: [`B3,short@${DOMAIN},Cut`, 'The row has 3 columns; the header has 6.'],
  };
  for (let i = 0; lines.length - 1 < GOOD + Object.keys(bad).length; ) {
    const row = lines.length + 1;
    if (bad[row]) {
      lines.push(bad[row][0]);
      BAD[row] = bad[row][1];
      continue;
    }
    const email = `reader${i}@${DOMAIN}`;
    const first = i % 250 === 0 ? '' : `Reader ${i}`;
    firstNames.set(email, first);
    lines.push(`S${i},${email},${first},${i % 2 ? 'US' : 'JP'},gold,yes`);
    i++;
  }
  csvPath = join(mkdtempSync(join(tmpdir(), 'herald-story-')), 'readers.csv');
  writeFileSync(csvPath, `${lines.join('\r\n')}\r\n`);

  suite.admin.autoRefresh = true;
  ({ userId: approverId } = await userWithRole(suite.admin, {
    ...APPROVER,
    permissions: ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_PASS', 'PLAN_REJECT', 'MESSAGE_TYPE_AD_HOC'],
  }));
  author = await openPage(suite.browser);
  author.page.setDefaultTimeout(30_000);
  await signIn(author.page, suite.herald.portalUrl);
});

/** axe-core once the toasts are gone (a toast fading out reads as low contrast). */
async function accessible(page: Page, label: string): Promise<void> {
  await closeToasts(page, 30_000);
  await expectAccessible(page, label);
}

const toast = (page: Page, text: string) => page.locator('.p-toast-message', { hasText: text }).waitFor();
const metric = (page: Page, name: string) => page.locator(`[data-metric="${name}"] dd`).textContent();

/** Picks an option of a PrimeReact dropdown. */
async function choose(page: Page, dropdown: Locator, option: string): Promise<void> {
  await dropdown.click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
  await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
}

/** A message's Analytics tab, loaded afresh. */
async function analytics(page: Page, id: string): Promise<void> {
  await page.goto(`${suite.herald.portalUrl}#/campaigns/detail?id=${id}&tab=analytics`);
  await page.reload();
  await page.locator('[data-testid="metrics"]').waitFor();
}

const expectedSubject = (address: string) => `Story ${RUN}: hello ${firstNames.get(address) || 'there'}`;
const storyMails = async (subject: (m: Mail) => boolean) =>
  ((await sentMail(suite.herald)) as Mail[]).filter((m) => m.destination.to.every((a) => a.endsWith(`@${DOMAIN}`)) && subject(m));
const headersOf = (m: Mail) => Object.fromEntries((m.headers ?? []).map((h) => [h.name.toLowerCase(), h.value]));

async function deployed(id: string): Promise<void> {
  await suite.herald.delivery.idle();
  await expect.poll(async () => (await suite.admin.ok('plan.detail', { id })).status, LONG).toBe('DEPLOYED');
}

it('the author imports 1,000 accounts with progress and a bad-rows report, and builds a segment matching all of them', async () => {
  const { page } = author;
  await page.click('.side-menu a[href="#/library/batches"]');
  await waitForPath(page, '/library/batches');
  await page.getByRole('heading', { name: 'Data import' }).waitFor();
  await page.setInputFiles('#import-file', csvPath);
  await page.getByRole('heading', { name: 'Columns' }).waitFor();
  expect(await page.locator('.p-dropdown:has(#import-key) .p-dropdown-label').textContent()).toBe('customer_id');
  expect(await page.locator('#import-attribute-4').inputValue()).toBe('plan');
  // without consent an account gets no email: the column is recognised by its name
  expect(await page.locator('tr[data-column="5"] .p-dropdown-label').first().textContent()).toBe('E-mail consent');

  // the rows-read figure is watched as it changes
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenRows: string[] }).seenRows = seen;
    new MutationObserver(() => {
      const v = document.querySelector('[data-stat="rowsRead"]')?.textContent;
      if (v && seen.at(-1) !== v) seen.push(v);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Start import' }).click();
  await page.locator('[data-testid="import-progress"] [role="progressbar"]').waitFor();
  await page.locator('.notice-success', { hasText: 'Import finished: 1,000 created, 0 updated, 3 failed.' }).waitFor({ timeout: 90_000 });
  const seen = await page.evaluate(() => (window as unknown as { seenRows: string[] }).seenRows);
  expect(seen.at(-1)).toBe('1,003');
  expect(
    seen.some((v) => v !== '0' && v !== '1,003'),
    `rows read as shown: ${seen.join(' → ')}`,
  ).toBe(true);
  expect(await page.locator('[data-testid="import-progress"] [role="progressbar"]').getAttribute('aria-valuenow')).toBe('100');
  const report = page.locator('[data-testid="import-failures"]').first();
  await expect.poll(() => report.locator('tbody tr').count(), LONG).toBe(3);
  const rows = await report.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
  expect(rows).toEqual(Object.entries(BAD).map(([row, reason]) => [row, expect.any(String), reason]));

  // The segment: country is one of JP, US and plan is gold, which every imported account is.
  await page.click('.side-menu a[href="#/library/segment"]');
  await waitForPath(page, '/library/segment');
  await page.getByRole('button', { name: 'New segment' }).click();
  await waitForPath(page, '/library/segment/create-segment');
  await page.fill('#segment-name', 'Story readers');
  const first = page.locator('[data-condition="1"]');
  await choose(page, first.locator('.p-dropdown').nth(1), 'is one of');
  await first.getByRole('textbox', { name: 'Value 1', exact: true }).fill('JP, US');
  await page.getByRole('button', { name: 'Add condition' }).click();
  const second = page.locator('[data-condition="2"]');
  await choose(page, second.locator('.p-dropdown').first(), 'Custom attribute');
  await second.getByRole('textbox', { name: 'Attribute name 2', exact: true }).fill('plan');
  await second.getByRole('textbox', { name: 'Value 2', exact: true }).fill('gold');
  await expect.poll(() => page.locator('[data-testid="segment-size"] [data-count]').getAttribute('data-count'), LONG).toBe(String(GOOD));
  await page.locator('[data-testid="segment-size"]', { hasText: '1,000 of 1,000 accounts' }).waitFor();
  await accessible(page, 'the segment editor with a list condition');
  await page.getByRole('button', { name: 'Save' }).click();
  await waitForPath(page, '/library/segment');
  await toast(page, 'Segment Story readers was created.');
}, 150_000);

it('the author writes a personalised email in the wizard, sends a test and sends it to review naming the approver', async () => {
  const { page } = author;
  await page.click('.side-menu a[href="#/campaigns"]');
  await waitForPath(page, '/campaigns');
  await page.getByRole('button', { name: 'New single message' }).click();
  await waitForPath(page, '/campaigns/new-single');
  await page.getByRole('heading', { name: 'Create New Notification' }).waitFor();
  await page.fill('#plan-name', 'Story sale');
  await page.fill('#plan-title', 'The spring story');
  await page.fill('#template-subject', SUBJECT);
  await page.click('.palette-list button[data-block-type="heading"]');
  await page.locator('.block-item.selected [id$="-text"]').first().fill('Hello {{firstName|there}}');
  await page.click('.palette-list button[data-block-type="button"]');
  await page.locator('.block-item.selected [id$="-text"]').first().fill('Read the story');
  await page.locator('.block-item.selected [id$="-href"]').first().fill('https://example.com/story');
  await page.frameLocator('[data-testid="template-preview"]').getByRole('link', { name: 'Read the story' }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('heading', { name: 'Step 2 of 4: Segmentation' }).waitFor();
  await page.locator('.p-dropdown:has(#plan-segment)').click();
  await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: 'Story readers' }).first().click();
  await expect.poll(() => page.getByTestId('segment-size').textContent(), LONG).toBe('1,000 accounts match now');
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('heading', { name: 'Step 3 of 4: Trigger' }).waitFor();
  expect(await page.getByLabel('Immediately').isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('heading', { name: 'Step 4 of 4: Review' }).waitFor();
  const tester = `qa@test-${DOMAIN}`;
  // a test mail goes only to members and the organization's kept test addresses
  const { organization } = await suite.admin.ok('systemSetting.detail');
  await suite.admin.ok('systemSetting.save', { ...organization, testAddresses: [tester] });
  await page.fill('#test-addresses', tester);
  await page.getByRole('button', { name: 'Send test' }).click();
  await toast(page, `Test sent to ${tester}.`);
  const test = ((await sentMail(suite.herald)) as Mail[]).find((m) => m.destination.to.includes(tester));
  expect(test?.subject).toBe(`[TEST] Story ${RUN}: hello there`);
  expect(test?.body.html).toContain('Hello there');
  expect(test?.body.html).toContain('Read the story');

  await page.check(`#participant-${approverId}`);
  await page.getByRole('button', { name: 'Send to review' }).click();
  await waitForPath(page, '/campaigns/detail');
  await toast(page, '"Story sale" was sent to review.');
  await page.locator('.page-header [data-status="PENDING_APPROVAL"]').waitFor();
  planId = new URL(page.url().replace('#', '')).searchParams.get('id')!;
  const plan = await suite.admin.ok('plan.detail', { id: planId });
  expect(plan).toMatchObject({ status: 'PENDING_APPROVAL', channel: 'EMAIL' });
  segmentId = plan.segmentId!;
}, 120_000);

it('the approver approves on /home; exactly 1,000 mails go out, one per address, with both unsubscribe headers; the detail shows 1,000 sent', async () => {
  const approver = await openPage(suite.browser);
  approver.page.setDefaultTimeout(30_000);
  await signIn(approver.page, `${suite.herald.portalUrl}#/home`, APPROVER.username, APPROVER.password);
  const row = approver.page.locator(`[data-testid="home-card-ACTION_REQUIRED"] li[data-plan-id="${planId}"]`);
  await row.getByRole('button', { name: 'Approve' }).click();
  await approver.page.locator('.app-confirm', { hasText: 'Pass "Story sale"?' }).getByRole('button', { name: 'Approve' }).click();
  await toast(approver.page, '"Story sale" was approved.');
  await approver.context.close();

  await deployed(planId);
  const mails = await storyMails((m) => m.subject.startsWith(`Story ${RUN}:`));
  expect(mails).toHaveLength(GOOD);
  const addresses = mails.flatMap((m) => m.destination.to);
  expect(new Set(addresses).size).toBe(GOOD);
  expect([...addresses].sort()).toEqual([...firstNames.keys()].sort());
  for (const m of mails) {
    const to = m.destination.to[0]!;
    expect(m.subject, to).toBe(expectedSubject(to));
    const h = headersOf(m);
    expect(h['list-unsubscribe'], to).toMatch(/^<https?:\/\/[^>]+\/service\/t\/u\/[^>]+>$/);
    expect(h['list-unsubscribe-post'], to).toBe('List-Unsubscribe=One-Click');
  }
  expect(mails.find((m) => m.destination.to[0] === `reader0@${DOMAIN}`)?.body.html).toContain('Hello there');
  expect(mails.find((m) => m.destination.to[0] === `reader1@${DOMAIN}`)?.body.html).toContain('Hello Reader 1');

  const { page } = author;
  await analytics(page, planId);
  await page.locator('.page-header [data-status="DEPLOYED"]').waitFor();
  await expect.poll(() => metric(page, 'sent'), LONG).toBe('1,000');
  expect(await metric(page, 'matched')).toBe('1,000');
  expect(await metric(page, 'successRate')).toBe('100.00%');
  expect(await metric(page, 'failed')).toBe('0');
  expect(await metric(page, 'skipped')).toBe('0');
  expect(await metric(page, 'opens')).toBe('0');
  expect(await metric(page, 'clicks')).toBe('0');
}, 150_000);

it("one mail's pixel and one of its links move the open and click counts on the detail page", async () => {
  const mails = await storyMails((m) => m.subject.startsWith(`Story ${RUN}:`));
  leaving = mails.find((m) => m.destination.to[0] === `reader7@${DOMAIN}`)!;
  const html = leaving.body.html!;
  const pixel = /src="([^"]+\/service\/t\/o\/[^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
  const click = /href="([^"]+\/service\/t\/c\/[^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
  const { page } = author;

  const opened = await fetch(pixel);
  expect(opened.headers.get('content-type')).toBe('image/gif');
  await analytics(page, planId);
  await expect.poll(() => metric(page, 'opens'), LONG).toBe('1');
  expect(await metric(page, 'openRate')).toBe('0.10%');
  expect(await metric(page, 'clicks')).toBe('0');

  const followed = await fetch(click, { redirect: 'manual' });
  expect(followed.status).toBe(302);
  expect(followed.headers.get('location')).toBe('https://example.com/story');
  await analytics(page, planId);
  await expect.poll(() => metric(page, 'clicks'), LONG).toBe('1');
  expect(await metric(page, 'ctr')).toBe('0.10%');
  // the click came from the mail already opened: still one open
  expect(await metric(page, 'opens')).toBe('1');
  await page.getByTestId('activity-chart').locator('svg[role="img"]').waitFor();
  await accessible(page, 'the message detail, analytics with opens and clicks');
}, 90_000);

it('a one-click unsubscribe lists the address, and a second message to the segment skips it with its reason', async () => {
  const address = leaving.destination.to[0]!;
  const url = headersOf(leaving)['list-unsubscribe']!.slice(1, -1);
  // RFC 8058: a POST without cookies or credentials, the body naming one-click
  const posted = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
  expect(posted.status).toBe(200);

  const { page } = author;
  await analytics(page, planId);
  await expect.poll(() => metric(page, 'unsubscribes'), LONG).toBe('1');

  await page.click('.side-menu a[href="#/library/unsubscription"]');
  await waitForPath(page, '/library/unsubscription');
  await page.getByRole('heading', { name: 'Unsubscriptions' }).waitFor();
  const rows = page.locator('[data-testid="unsubscription-list"] tbody tr:not(.p-datatable-emptymessage)');
  await expect.poll(() => rows.allTextContents(), LONG).toEqual([expect.stringContaining(address)]);
  expect(await rows.first().textContent()).toContain('Unsubscribed');
  await page.fill('#filter-target', address);
  await expect.poll(() => rows.allTextContents(), LONG).toEqual([expect.stringContaining(address)]);
  await accessible(page, 'the unsubscription list after a one-click unsubscribe');

  // The second message to the same segment, written and approved through the API.
  const draft = await suite.admin.ok('plan.saveSingle', {
    name: 'Story follow-up',
    title: 'Story follow-up',
    channel: 'EMAIL',
    segmentId,
    content: { kind: 'EMAIL', template: { contents: { en: { subject: FOLLOW_UP, blocks: [{ type: 'heading', text: 'Hello again {{firstName|there}}' }] } } } },
  });
  await suite.admin.ok('planAction.sendToReview', { id: draft.id, participants: [approverId], deadline: Date.now() + 24 * 3600_000 });
  const approver = new ApiClient(suite.herald);
  await approver.login(APPROVER.username, APPROVER.password);
  await approver.ok('planAction.pass', { id: draft.id });
  await deployed(draft.id);

  const second = await storyMails((m) => m.subject === FOLLOW_UP);
  expect(second).toHaveLength(GOOD - 1);
  expect(second.flatMap((m) => m.destination.to).sort()).toEqual([...firstNames.keys()].filter((a) => a !== address).sort());
  const skipped = await suite.admin.ok('sentRecord.getListByPage', { planId: draft.id, status: 'SKIPPED' });
  expect(skipped.list).toEqual([expect.objectContaining({ address, reason: 'UNSUBSCRIBED' })]);

  await analytics(page, draft.id);
  await expect.poll(() => metric(page, 'sent'), LONG).toBe('999');
  expect(await metric(page, 'matched')).toBe('1,000');
  expect(await metric(page, 'skipped')).toBe('1');
  const reasons = page.locator('.reason-box', { hasText: 'Skipped by reason' });
  await expect.poll(() => reasons.locator('li').allTextContents(), LONG).toEqual(['Unsubscribed1']);
  await accessible(page, 'the message detail, analytics with skip reasons');
  await author.context.close();
}, 120_000);
