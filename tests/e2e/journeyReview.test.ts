/**
 * A campaign of the builder is reviewed and revised as a journey, in the ja portal. The author sends the saved
 * journey to review from the builder and is told, before it goes, that its welcome mail's button has no link; the
 * approver reads the whole journey on the message (each step's channel and content, the wait, the split's shares,
 * the trigger's schedule, each step's recipients and cost) with the same warning, and rejects it. The author's
 * "Edit" opens the builder with the journey and the rejection; a fixed template and "now" make revision 2, which
 * is approved and sent to the audience. axe-core on every screen and dialog on the way.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { Store } from '../../functions/store/store';
import { accountKey } from '../../shared/entities';
import { ApiClient, sentMail } from '../support/herald';
import { browserSuite, closeToasts, expectAccessible, openPage, signIn, userWithRole, waitForPath } from './browser';

const suite = browserSuite({ config: { sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } } });
const AUTHOR = { username: 'sato.author', password: 'Author@1234' };
const APPROVER = { username: 'suzuki.approver', password: 'Approve@1234' };
const READERS = ['yamada', 'tanaka', 'ito'].map((n) => `${n}@example.jp`);
let approverId: string;
let planId: string;

const email = (subject: string, buttonHref: string) => ({
  kind: 'EMAIL',
  template: {
    defaultLanguage: 'ja',
    contents: {
      ja: {
        subject,
        blocks: [
          { type: 'heading', text: '{{firstName|お客様}}、ようこそ' },
          { type: 'button', text: '特典を見る', href: buttonHref },
        ],
      },
    },
  },
});

/** welcome mail → a day's wait → A/B split: an SMS (60%) or a follow-up mail (40%) → exit */
function journey() {
  return {
    entry: 'welcome',
    repeat: 'ONCE',
    steps: {
      welcome: { type: 'MESSAGE', name: 'ウェルカム', channel: 'EMAIL', content: email('ようこそ', ''), next: 'day' },
      day: { type: 'WAIT', name: '1日待つ', wait: { kind: 'DELAY', minutes: 1440 }, next: 'ab' },
      ab: {
        type: 'SPLIT',
        name: 'AB',
        variants: [
          { share: 60, next: 'sms' },
          { share: 40, next: 'follow' },
        ],
      },
      sms: {
        type: 'MESSAGE',
        name: 'SMS',
        channel: 'SMS',
        content: { kind: 'SMS', template: { channel: 'SMS', defaultLanguage: 'ja', contents: { ja: { text: '特典のご案内です。' } } } },
        next: 'end',
      },
      follow: { type: 'MESSAGE', name: 'フォロー', channel: 'EMAIL', content: email('フォロー', 'https://example.jp/follow'), next: 'end' },
      end: { type: 'EXIT', name: '' },
    },
  };
}

/** The wall clock in Tokyo `minutes` from now, as a schedule names it. */
function tokyo(minutes: number): string {
  const f = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  const p = Object.fromEntries(f.formatToParts(new Date(Date.now() + minutes * 60_000)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

beforeAll(async () => {
  const { herald, admin } = suite;
  const store = new Store(herald.rt);
  const now = herald.rt.clock.now();
  const audit = { version: 1, dateCreated: now, dateUpdated: now, createdBy: 'test', updatedBy: 'test' };
  await Promise.all(
    READERS.map((address, i) =>
      store.put('account', {
        ...accountKey(1, `jr-reader-${i}`),
        orgId: 1,
        emails: [address],
        // two of the three take SMS too
        ...(i < 2 ? { phones: [`+8190123456${i}0`] } : {}),
        firstName: `読者${i}`,
        country: 'JP',
        emailConsent: true,
        smsConsent: i < 2,
        pushConsent: false,
        lineConsent: false,
        tags: [],
        attributes: {},
        ...audit,
      }),
    ),
  );
  const segmentId = randomUUID();
  await store.put('segment', {
    orgId: 1,
    id: segmentId,
    name: '日本の読者',
    description: '',
    rule: { op: 'AND', conditions: [{ field: 'country', operator: 'equals', value: 'JP' }] },
    ...audit,
  });
  await admin.ok('templateMessage.save', { name: 'ウェルカム（修正版）', template: email('ようこそ、特典があります', 'https://example.jp/welcome').template });

  await userWithRole(admin, {
    ...AUTHOR,
    permissions: [
      'NAV_HOME',
      'NAV_CREATE_NOTIFICATION',
      'NAV_TEMPLATE_MESSAGE',
      'PLAN_CREATE',
      'PLAN_BUILDER',
      'PLAN_CREATE_TRIGGER',
      'PLAN_CHANGE_CONTENT',
      'MESSAGE_TYPE_AD_HOC',
    ],
  });
  ({ userId: approverId } = await userWithRole(admin, { ...APPROVER, permissions: ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_PASS', 'PLAN_REJECT', 'MESSAGE_TYPE_AD_HOC'] }));
  // both read the portal in Japanese
  for (const who of [AUTHOR, APPROVER]) {
    const client = new ApiClient(herald);
    await client.login(who.username, who.password);
    await client.ok('user.saveProfile', { language: 'ja' });
  }
  // the journey's first save is the API's (the canvas is builder.test.ts's): a schedule two hours ahead in Tokyo
  const author = new ApiClient(herald);
  await author.login(AUTHOR.username, AUTHOR.password);
  const draft = await author.ok('plan.saveDynamic', {
    name: '春のウェルカム',
    segmentId,
    journey: journey(),
    trigger: { kind: 'SCHEDULE', at: tokyo(120), timeZone: 'Asia/Tokyo' },
  });
  planId = draft.id;
});

it('the approver reads the whole journey with its warning and rejects; the author edits it in the builder; revision 2 is approved and sent', async () => {
  const { herald, admin } = suite;
  const author = await openPage(suite.browser);
  await signIn(author.page, `${herald.portalUrl}#/builder?id=${planId}&review=1`, AUTHOR.username, AUTHOR.password);
  const review = author.page.locator('#journey-review-send');
  // the author sees, before sending, that the welcome mail's button leads nowhere
  const authorWarning = review.locator('[data-testid="review-warnings"] li[data-kind="NO_LINK"]');
  await authorWarning.waitFor();
  expect(await authorWarning.textContent()).toBe('ウェルカム (welcome) · ja · ブロック 2（ボタン）：ボタンまたはリンク「特典を見る」にリンク先がありません。');
  await author.page.check(`#participant-${approverId}`);
  await expectAccessible(author.page, 'the builder with its review');
  await review.getByRole('button', { name: 'レビューに送る' }).click();
  // sending asks first, naming what review found; it does not stop the author
  const question = author.page.locator('.app-confirm');
  await question.getByText('注意がありますが、レビューに送りますか？').waitFor();
  expect(await question.locator('li[data-kind]').evaluateAll((items) => items.map((i) => i.getAttribute('data-kind')))).toEqual(['NO_LINK']);
  await expectAccessible(author.page, 'the question before sending with warnings');
  await question.getByRole('button', { name: 'レビューに送る' }).click();
  await waitForPath(author.page, '/campaigns/detail');
  await author.page.locator('.page-header [data-status="PENDING_APPROVAL"]').waitFor();
  expect((await admin.ok('plan.detail', { id: planId })).approval).toMatchObject({ revision: 1, participants: [approverId] });

  // The approver: the whole journey, in the order a recipient meets it, and the same warning.
  const approver = await openPage(suite.browser);
  await signIn(approver.page, herald.portalUrl, APPROVER.username, APPROVER.password);
  // on /home the row says review found something before anyone approves from the list
  await approver.page.goto(`${herald.portalUrl}#/home`);
  const row = approver.page.locator(`[data-testid="home-card-ACTION_REQUIRED"] li[data-plan-id="${planId}"]`);
  expect(await row.getByTestId('home-review-warnings').textContent()).toBe('レビューの注意：1 件');
  await expectAccessible(approver.page, 'the home page with a journey to approve');
  await row.getByRole('link', { name: '春のウェルカム' }).click();
  const steps = approver.page.locator('[data-testid="journey-review"] li[data-step]');
  await steps.first().waitFor();
  expect(await steps.evaluateAll((items) => items.map((i) => i.getAttribute('data-step')))).toEqual(['welcome', 'day', 'ab', 'sms', 'follow', 'end']);
  const step = (id: string) => approver.page.locator(`[data-testid="journey-review"] li[data-step="${id}"]`);
  expect(await approver.page.getByTestId('journey-trigger').textContent()).toContain(`${tokyo(120).replace('T', ' ').slice(0, 10)}`);
  expect(await approver.page.getByTestId('journey-trigger').textContent()).toContain('Asia/Tokyo');
  const welcome = await step('welcome').textContent();
  expect(welcome).toContain('メール');
  expect(welcome).toContain('ようこそ');
  expect(welcome).toContain('このチャネルの価格は不明です。');
  expect(await step('day').textContent()).toContain('1,440 分');
  expect(await step('ab').locator('[data-variant]').allTextContents()).toEqual(['60% → SMS (sms)', '40% → フォロー (follow)']);
  // who each step reaches at most: the channel's reachable audience times the split's share, rounded up
  await expect.poll(() => step('welcome').getByTestId('step-recipients').textContent()).toBe('最大 3 人');
  await expect.poll(() => step('follow').getByTestId('step-recipients').textContent()).toBe('最大 2 人');
  // an SMS costs its parts: two who take SMS, 60% of them at most (2), one part each
  await expect.poll(() => step('sms').getByTestId('step-recipients').textContent()).toBe('最大 2 人');
  expect(await step('sms').getByTestId('step-cost').textContent()).toBe('合計 2 通分。1 通分の料金は宛先の国ごとに AWS が決めます。');
  const approverWarning = approver.page.locator('[data-testid="review-warnings"] li[data-kind="NO_LINK"]');
  expect(await approverWarning.textContent()).toContain('「特典を見る」にリンク先がありません');
  await expectAccessible(approver.page, 'the journey to approve, with its warning');

  // the Content tab shows each message step as it is sent: the welcome first, then the one chosen
  await approver.page.getByRole('tab', { name: 'コンテンツ' }).click();
  await approver.page.getByTestId('preview-subject').getByText('ようこそ').waitFor();
  await approver.page.locator('.p-dropdown:has(#content-step)').click();
  await approver.page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: 'フォロー (follow) · メール' }).click();
  await approver.page.getByTestId('preview-subject').getByText('フォロー').waitFor();
  await expectAccessible(approver.page, 'a message step on the Content tab');
  await approver.page.getByRole('tab', { name: '概要' }).click();

  await approver.page.locator('.page-header').getByRole('button', { name: '却下' }).click();
  const dialog = approver.page.locator('#reject-dialog');
  await dialog.waitFor();
  await approver.page.locator('.p-dropdown:has(#reject-type)').click();
  await approver.page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: '内容' }).first().click();
  await approver.page.fill('#reject-reason', 'ボタンにリンクがありません。今すぐ配信してください。');
  await expectAccessible(approver.page, 'the reject dialog');
  await dialog.getByRole('button', { name: '却下' }).click();
  await approver.page.locator('.page-header [data-status="REJECTED"]').waitFor();

  // The author: "Edit" opens the builder with the journey and why it was rejected.
  await author.page.reload();
  await author.page.locator('.page-header [data-status="REJECTED"]').waitFor();
  await author.page.locator('.page-header').getByRole('button', { name: '編集' }).click();
  await waitForPath(author.page, '/builder');
  await author.page.getByTestId('rejection-notice').getByText('ボタンにリンクがありません。今すぐ配信してください。').waitFor();
  // every step is back on the canvas (in the order the store keeps them)
  const cards = await author.page.locator('section.journey-step').evaluateAll((found) => found.map((c) => `${c.getAttribute('aria-labelledby')}:${c.getAttribute('data-type')}`));
  expect(cards.sort()).toEqual([
    'step-ab-title:SPLIT',
    'step-day-title:WAIT',
    'step-end-title:EXIT',
    'step-follow-title:MESSAGE',
    'step-sms-title:MESSAGE',
    'step-welcome-title:MESSAGE',
  ]);
  expect(await author.page.locator('#journey-name').inputValue()).toBe('春のウェルカム');
  await author.page.locator('.p-dropdown:has(#step-welcome-template)').click();
  await author.page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: 'ウェルカム（修正版）' }).first().click();
  await author.page.check('#journey-trigger-now');
  // the participant asked before is asked again
  expect(await author.page.isChecked(`#participant-${approverId}`)).toBe(true);
  await closeToasts(author.page);
  await expectAccessible(author.page, 'the rejected journey in the builder');
  await review.getByRole('button', { name: 'レビューに送る' }).click();
  // nothing left to warn of: it goes straight to review
  await waitForPath(author.page, '/campaigns/detail');
  await author.page.locator('.page-header [data-status="PENDING_APPROVAL"]').waitFor();
  const revised = await admin.ok('plan.detail', { id: planId });
  expect(revised).toMatchObject({ type: 'BUILDER', approval: { revision: 2 }, trigger: { kind: 'IMMEDIATELY' } });
  expect(revised.rejection).toBeUndefined();
  expect(revised.journey!.steps.welcome).toMatchObject({ content: { kind: 'EMAIL', template: { contents: { ja: { subject: 'ようこそ、特典があります' } } } } });
  // the history keeps the first revision's rejection
  const history = await admin.ok('approvalSheet.history', { subject: 'PLAN', id: planId, page: 0, size: 20 });
  expect(history.list.map((e: { event: string; revision: number }) => `${e.event}@${e.revision}`)).toEqual(expect.arrayContaining(['REJECTED@1', 'REVISION@2']));
  await author.context.close();

  // The approver approves revision 2: no warning is left, and it goes out now.
  await approver.page.reload();
  await approver.page.locator('.page-header [data-status="PENDING_APPROVAL"]').waitFor();
  await approver.page.locator('[data-testid="journey-review"]').waitFor();
  expect(await approver.page.locator('[data-testid="review-warnings"]').count()).toBe(0);
  await approver.page.locator('.page-header').getByRole('button', { name: '承認' }).click();
  await approver.page.locator('.app-confirm').getByRole('button', { name: '承認' }).click();
  await expect.poll(async () => (await admin.ok('plan.detail', { id: planId })).status).not.toBe('PENDING_APPROVAL');
  await approver.context.close();

  // the welcome mail reaches each reader once; the rest waits its day
  await herald.scheduler.fireDue();
  await herald.delivery.idle();
  await expect
    .poll(
      async () =>
        (await sentMail(herald))
          .filter((m) => m.subject === 'ようこそ、特典があります')
          .flatMap((m) => m.destination.to)
          .sort(),
      { timeout: 30_000 },
    )
    .toEqual([...READERS].sort());
}, 180_000);

it("the Sent records tab lists each message step's run: the welcome by default, another step when chosen", async () => {
  const { herald } = suite;
  const author = await openPage(suite.browser);
  await signIn(author.page, `${herald.portalUrl}#/campaigns/detail?id=${planId}&tab=sentRecords`, AUTHOR.username, AUTHOR.password);
  const records = author.page.getByTestId('sent-records');
  // the latest run's first message step: the welcome mail to every reader
  await expect.poll(async () => (await records.locator('tbody tr td:nth-child(2)').allTextContents()).sort(), { timeout: 20_000 }).toEqual([...READERS].sort());
  const chosen = author.page.locator('.p-dropdown:has(#sent-run) .p-dropdown-label');
  expect(await chosen.textContent()).toMatch(/ の配信 · ウェルカム \(welcome\)$/);
  // one choice per message step of the run, in the order the journey meets them
  await author.page.locator('.p-dropdown:has(#sent-run)').click();
  const options = await author.page.locator('.p-dropdown-panel .p-dropdown-item').allTextContents();
  expect(options.map((o) => o.replace(/^.* の配信 · /, ''))).toEqual(['ウェルカム (welcome)', 'SMS (sms)', 'フォロー (follow)']);
  await author.page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: 'フォロー (follow)' }).click();
  // the follow-up waits its day: nobody yet
  await records.getByText('送信記録はありません。').waitFor();
  await expectAccessible(author.page, 'the sent records of a journey step (ja)');
  await author.context.close();
});
