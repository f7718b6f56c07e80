/**
 * The bell and /notification in Chromium (issue 23 item 5), and the message detail's Approval tab (item 3): an
 * approver asked through the API sees the unread count on the bell, opens the list, marks the request read and
 * unread and all read, the count following; the author sees the sheet and its history on the Approval tab.
 * axe-core on each screen.
 */
import { beforeAll, expect, it } from 'vitest';
import { ApiClient } from '../support/herald';
import { emailContent, seedAudience } from '../support/plans';
import { browserSuite, closeToasts, expectAccessible, openPage, signIn, userWithRole, waitForPath } from './browser';

const suite = browserSuite();
const APPROVER = { username: 'bell.approver', password: 'Approve@1234' };
let planId: string;

beforeAll(async () => {
  const { herald, admin } = suite;
  const { userId } = await userWithRole(admin, { ...APPROVER, permissions: ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_PASS', 'PLAN_REJECT', 'MESSAGE_TYPE_AD_HOC'] });
  const { segmentId } = await seedAudience(herald, 1, 'bell', 2);
  const { organization } = await admin.ok('systemSetting.detail');
  await admin.ok('systemSetting.save', { ...organization, approvalSheetTips: 'Check the prices twice.' });
  const plan = await admin.ok('plan.saveSingle', { name: 'Bell spring sale', title: 'Spring', channel: 'EMAIL', content: emailContent('Spring'), segmentId });
  planId = plan.id;
  await admin.ok('planAction.sendToReview', { id: planId, participants: [userId], deadline: herald.rt.clock.now() + 24 * 3600_000 });
  const approver = new ApiClient(herald);
  await approver.login(APPROVER.username, APPROVER.password);
  await approver.ok('approvalSheet.canConfirm', { subject: 'PLAN', id: planId });
});

it('the bell counts the unread; /notification marks them read, unread and all read', async () => {
  const { context, page } = await openPage(suite.browser);
  await signIn(page, suite.herald.portalUrl, APPROVER.username, APPROVER.password);
  const bell = page.getByTestId('notification-bell');
  await page.locator('.topbar button[aria-label="Notifications, 1 unread"]').waitFor();
  expect(await page.getByTestId('notification-unread').textContent()).toBe('1');
  await bell.click();
  await waitForPath(page, '/notification');
  const item = page.locator('[data-testid="notification-list"] li[data-kind="APPROVAL_REQUEST"]');
  await item.waitFor();
  expect(await item.textContent()).toContain('asks you to review "Bell spring sale"');
  expect(await item.getAttribute('data-read')).toBe('false');
  await closeToasts(page);
  await expectAccessible(page, 'the notifications with one unread');

  await item.getByRole('button', { name: 'Mark read' }).click();
  await page.locator('[data-testid="notification-list"] li[data-read="true"]').waitFor();
  await page.locator('.topbar button[aria-label="Notifications"]').waitFor();
  expect(await page.getByTestId('notification-unread').count()).toBe(0);

  await item.getByRole('button', { name: 'Mark unread' }).click();
  await page.locator('.topbar button[aria-label="Notifications, 1 unread"]').waitFor();
  await page.getByLabel('Unread only').check();
  await page.locator('[data-testid="notification-list"] li[data-read="false"]').waitFor();
  await page.getByTestId('notification-read-all').click();
  await page.getByTestId('notification-empty').waitFor();
  await page.locator('.topbar button[aria-label="Notifications"]').waitFor();
  await expectAccessible(page, 'the notifications, all read');
  await context.close();
});

it('the Approval tab shows the sheet, the tips and its history', async () => {
  const { context, page } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/campaigns/detail?id=${encodeURIComponent(planId)}&tab=approval`);
  const tab = page.getByTestId('approval-tab');
  await tab.waitFor();
  await tab.getByText('Check the prices twice.').waitFor();
  await tab.locator('[data-participant] [data-status="NEW"]').waitFor();
  await page.locator('[data-testid="approval-history"] tbody tr', { hasText: 'Shared for approval' }).waitFor();
  await tab
    .getByRole('button', { name: /^Remind Test bell\.approver|^Remind / })
    .first()
    .click();
  await page.locator('[data-testid="approval-history"] tbody tr', { hasText: 'Reminded' }).waitFor();
  await tab.locator('[data-participant] [data-status="PROCESS"]').waitFor();
  await closeToasts(page);
  await expectAccessible(page, 'the Approval tab');
  await context.close();
});
