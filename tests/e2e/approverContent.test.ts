/**
 * Approvers see what they approve (issue 21): in the zh portal, a member holding the ready-made Approver role finds
 * the message on /home under its requester's name, opens its Content tab, reads both of its languages as they are
 * sent, and approves it.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { Store } from '../../functions/store/store';
import { accountKey } from '../../shared/entities';
import { ApiClient } from '../support/herald';
import { browserSuite, expectAccessible, openPage, signIn } from './browser';

const suite = browserSuite();
const AUTHOR = { username: 'wang.wei', password: 'Author@1234' };
const APPROVER = { username: 'li.na', password: 'Approve@1234' };
let planId: string;

beforeAll(async () => {
  const { herald, admin } = suite;
  const store = new Store(herald.rt);
  const now = herald.rt.clock.now();
  const audit = { version: 1, dateCreated: now, dateUpdated: now, createdBy: 'test', updatedBy: 'test' };
  await store.put('account', {
    ...accountKey(1, 'reader-cn'),
    orgId: 1,
    emails: ['reader-cn@example.com'],
    firstName: '读者',
    country: 'CN',
    emailConsent: true,
    smsConsent: false,
    pushConsent: false,
    lineConsent: false,
    tags: [],
    attributes: {},
    ...audit,
  });
  const segmentId = randomUUID();
  await store.put('segment', {
    orgId: 1,
    id: segmentId,
    name: 'Readers in China',
    description: '',
    rule: { op: 'AND', conditions: [{ field: 'country', operator: 'equals', value: 'CN' }] },
    ...audit,
  });

  const authorRole = await admin.ok('userRole.save', {
    name: 'Author',
    code: 'AUTHOR',
    permissions: ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_CREATE', 'MESSAGE_TYPE_AD_HOC'],
  });
  await admin.ok('user.save', { ...AUTHOR, firstName: '伟', lastName: '王', email: 'wang.wei@example.com', roleId: authorRole.id });
  const approverRole = (await admin.ok('userRole.getAll')).find((r: { code: string }) => r.code === 'APPROVER')!;
  const approver = await admin.ok('user.save', { ...APPROVER, firstName: '娜', lastName: '李', email: 'li.na@example.com', roleId: approverRole.id });

  const author = new ApiClient(herald);
  await author.login(AUTHOR.username, AUTHOR.password);
  const draft = await author.ok('plan.saveSingle', {
    name: '双语春季促销',
    title: '双语春季促销',
    channel: 'EMAIL',
    segmentId,
    content: {
      kind: 'EMAIL',
      template: {
        defaultLanguage: 'zh',
        contents: {
          zh: { subject: '春季特卖开始了', blocks: [{ type: 'heading', text: '全场八折，仅限本周' }] },
          en: { subject: 'The spring sale is on', blocks: [{ type: 'heading', text: 'Twenty percent off, this week only' }] },
        },
      },
    },
  });
  planId = draft.id;
  await author.ok('planAction.sendToReview', { id: planId, participants: [approver.id], deadline: Date.now() + 24 * 3600_000 });

  const asApprover = new ApiClient(herald);
  await asApprover.login(APPROVER.username, APPROVER.password);
  await asApprover.ok('user.saveProfile', { language: 'zh' });
});

it('a zh approver names the requester, reads the zh and the en content on the Content tab, then approves', async () => {
  const { page, context } = await openPage(suite.browser);
  await signIn(page, suite.herald.portalUrl, APPROVER.username, APPROVER.password);
  // nothing the approver's pages ask for is refused: every request is one the role may make
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403) refused.push(`${r.request().method()} ${r.url()} ${r.request().postData()?.slice(0, 120) ?? ''}`);
  });
  await page.goto(`${suite.herald.portalUrl}#/home`);
  const row = page.locator(`[data-testid="home-card-ACTION_REQUIRED"] li[data-plan-id="${planId}"]`);
  // family name first, no space, as a zh reader writes a Chinese name
  await row.getByText('由 王伟 提交').waitFor();
  expect(await row.textContent()).not.toContain('用户');

  await row.getByRole('link', { name: '双语春季促销' }).click();
  await page.getByRole('tab', { name: '内容' }).click();
  const tab = page.getByTestId('content-tab');
  const frame = page.frameLocator('[data-testid="template-preview"]');
  // the default language first and shown first
  await frame.getByText('全场八折，仅限本周').waitFor();
  expect(await tab.locator('[role=tab] span[lang]').allTextContents()).toEqual(['中文', 'English']);
  expect(await page.getByTestId('preview-subject').textContent()).toContain('春季特卖开始了');
  expect(await page.locator('[data-testid="template-preview"]').getAttribute('sandbox')).toBe('');
  await expectAccessible(page, 'the Content tab');

  await tab.getByRole('tab', { name: /English/ }).click();
  await frame.getByText('Twenty percent off, this week only').waitFor();
  expect(await page.getByTestId('preview-subject').textContent()).toContain('The spring sale is on');
  expect(await tab.getByRole('tab', { name: /English/ }).getAttribute('aria-selected')).toBe('true');

  // the overview names the author too, then the approver approves from the detail
  await page.getByRole('tab', { name: '概览' }).click();
  await page.getByText('王伟').first().waitFor();
  await page.getByRole('button', { name: '批准' }).first().click();
  await page.locator('.app-confirm').getByRole('button', { name: '批准' }).click();
  await expect.poll(async () => (await suite.admin.ok('plan.detail', { id: planId })).status).not.toBe('PENDING_APPROVAL');
  expect(refused).toEqual([]);
  await context.close();
});
