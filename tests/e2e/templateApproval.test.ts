/**
 * Template approval in the ja portal (issue 41 item 2): with the template approval switch on, an approver passes
 * a template from /home, and the wizard's template picker marks the template not approved yet (not selectable,
 * with the reason) while the approved one can be used. Data is set up through the API.
 */
import { beforeAll, expect, it } from 'vitest';
import { ApiClient } from '../support/herald';
import { browserSuite, closeToasts, expectAccessible, openPage, signIn, userWithRole, waitForPath } from './browser';

const suite = browserSuite();
const APPROVER = { username: 'sato.hana', password: 'Approve@1234' };
let approved: { id: string; name: string };
let unapproved: { id: string; name: string };

const emailTemplate = (name: string) => ({ name, template: { defaultLanguage: 'ja', contents: { ja: { subject: name } } } });

beforeAll(async () => {
  const { herald, admin } = suite;
  const setting = (await admin.ok('systemSetting.detail')).organization;
  await admin.ok('systemSetting.save', { ...setting, templateApprovalSheet: true });
  await admin.ok('user.saveProfile', { language: 'ja' });
  const { userId } = await userWithRole(admin, {
    ...APPROVER,
    permissions: ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'NAV_TEMPLATE_MESSAGE', 'PLAN_PASS', 'PLAN_REJECT'],
  });
  const approver = new ApiClient(herald);
  await approver.login(APPROVER.username, APPROVER.password);
  await approver.ok('user.saveProfile', { language: 'ja' });

  approved = await admin.ok('templateMessage.save', emailTemplate('春のお知らせ'));
  unapproved = await admin.ok('templateMessage.save', emailTemplate('夏のお知らせ'));
  await admin.ok('approvalSheet.share', { subject: 'TEMPLATE', id: approved.id, participants: [userId], deadline: Date.now() + 24 * 3600_000 });
});

it('the approver passes the template from /home; the wizard marks the one not approved and lets the approved one be used', async () => {
  const { page, context } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/home`, APPROVER.username, APPROVER.password);
  const card = page.getByTestId('home-card-TEMPLATES');
  await card.getByRole('heading', { name: /あなたの承認待ちのテンプレート/ }).waitFor();
  const row = card.locator(`li[data-template-id="${approved.id}"]`);
  await row.getByText('春のお知らせ').waitFor();
  await expectAccessible(page, '/home with a template waiting for approval');

  await row.getByRole('button', { name: '春のお知らせ を承認' }).click();
  await page.locator('.app-confirm').getByText('「春のお知らせ」を承認しますか？').waitFor();
  await page.locator('.app-confirm').getByRole('button', { name: '承認' }).click();
  await card.getByText('あなたの承認を待つテンプレートはありません。').waitFor();
  const state = async (id: string) => (await suite.admin.ok('templateMessage.getAll', { pushWay: 'EMAIL' })).find((t) => t.id === id)?.approval;
  expect(await state(approved.id)).toBe('PASS');
  expect(await state(unapproved.id)).toBe('NONE');
  await context.close();

  // the author's wizard: the picker says which template is not approved yet and does not let it be chosen
  const author = await openPage(suite.browser);
  await signIn(author.page, `${suite.herald.portalUrl}#/campaigns/new-single`);
  await waitForPath(author.page, '/campaigns/new-single');
  const hint = author.page.getByTestId('template-approval-hint');
  await hint.getByText('未承認と表示されたテンプレートは、承認シートで承認されるまで選択できません。', { exact: false }).waitFor();
  await closeToasts(author.page);
  await expectAccessible(author.page, 'the wizard with template approval on');

  await author.page.locator('.p-dropdown:has(#plan-template)').click();
  const panel = author.page.locator('.p-dropdown-panel');
  const notApproved = panel.locator('.p-dropdown-item', { hasText: '夏のお知らせ' });
  await notApproved.waitFor();
  expect(await notApproved.getAttribute('class')).toContain('p-disabled');
  expect(await notApproved.textContent()).toContain('夏のお知らせ（未承認）');
  expect(await notApproved.textContent()).toContain('承認依頼前');
  await notApproved.click({ force: true });
  // a click on it chooses nothing: the panel stays open and "use" stays off
  expect(await panel.isVisible()).toBe(true);
  const approvedItem = panel.locator('.p-dropdown-item', { hasText: '春のお知らせ' });
  expect(await approvedItem.getAttribute('class')).not.toContain('p-disabled');
  expect(await approvedItem.textContent()).not.toContain('未承認');
  await approvedItem.click();
  await panel.waitFor({ state: 'detached' });
  await author.page.getByRole('button', { name: 'このテンプレートを使う' }).click();
  await author.page.locator('#email-title').waitFor();
  await author.context.close();
});
