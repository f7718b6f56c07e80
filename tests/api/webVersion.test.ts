/**
 * A mail's web version ("View in browser", issue 41 item 8): a mail whose content asks for it links, above its
 * content, to the message as its recipient got it; opening the page counts an open, and its script's reported
 * depths count the e-mail's scroll once per reader and bucket, with the app SDK's. Sent through the real send
 * worker, the e-mail adapter and the SES stand-in; the page read over HTTP as a browser reads it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sesEmailSender } from '../../functions/channels/email/ses';
import { LinkSigner, TRACKING_PATHS } from '../../functions/channels/links';
import { Ledger } from '../../functions/delivery/ledger';
import { recipientsOf } from '../../functions/delivery/recipients';
import { sendBatchHandler } from '../../functions/delivery/sendWorker';
import { planContentSource } from '../../functions/delivery/worker';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import type { Account } from '../../shared/entities';
import type { PlanContent } from '../../shared/plan/plan';
import { ApiClient, sentMail, startHerald } from '../support/herald';
import { expectAccessible, openPage, sharedBrowser } from '../e2e/browser';
import { planInProgress, testAccount } from '../support/plans';
import { workerDeps } from '../support/sendHarness';

let herald: LocalHerald;
let store: Store;
let admin: ApiClient;
let signer: LinkSigner;

beforeAll(async () => {
  herald = await startHerald();
  store = new Store(herald.rt);
  signer = new LinkSigner(herald.rt.keys.sealKey, herald.url);
  admin = new ApiClient(herald);
  await admin.login();
}, 120_000);
afterAll(() => herald?.stop());

const OFFER = 'https://example.com/autumn';
/** One language's content: a greeting heading and the offer's button. */
const language = (subject: string, heading: string, button: string, webVersion: boolean) => ({
  subject,
  preheader: '',
  webVersion,
  blocks: [
    { type: 'heading', text: heading },
    { type: 'button', text: button, href: OFFER },
  ],
});
const content = (webVersion: boolean): PlanContent =>
  ({
    kind: 'EMAIL',
    template: {
      defaultLanguage: 'en',
      contents: {
        en: language('Autumn', 'Hello {{firstName|there}}', 'See it', webVersion),
        ja: language('秋', 'こんにちは {{firstName}} さん', '見る', webVersion),
      },
    },
  }) as unknown as PlanContent;

let seq = 0;
/** One e-mail plan sent to fresh accounts through the send worker; answers the plan and each account's mail. */
async function send(webVersion: boolean, people: { firstName: string; locale?: string }[]) {
  const now = herald.rt.clock.now();
  const planContent = content(webVersion);
  const planId = await planInProgress(store, now, planContent);
  const tag = `wv${++seq}-${planId.slice(0, 6)}`;
  const accounts: Account[] = people.map((p, i) => testAccount(1, `${tag}-${i}`, now, { emails: [`${tag}-${i}@example.com`], emailConsent: true, ...p }));
  await store.putMany('account', accounts);
  await sendBatchHandler(workerDeps(herald, 'EMAIL', sesEmailSender(herald.rt.aws.ses), planContentSource(store, 'news@herald.local'), { store, links: signer }))({
    kind: 'send',
    orgId: 1,
    planId,
    runId: 'r1',
    channel: 'EMAIL',
    recipients: await recipientsOf(store, 1, 'EMAIL', accounts, planContent),
  });
  const mails = (await sentMail(herald)) as unknown as { destination: { to: string[] }; body: { html: string; text?: string } }[];
  const mailOf = (i: number) => {
    const mail = mails.find((m) => m.destination.to.includes(accounts[i]!.emails[0]!))!;
    const view = /href="([^"]*\/service\/t\/v\/[^"]+)"/.exec(mail.body.html)?.[1];
    return { mail, view };
  };
  return { planId, accounts, mailOf };
}

const recordOf = async (planId: string, accountId: string) =>
  (await new Ledger(store, herald.rt.clock).recordOf({ orgId: 1, planId, runId: 'r1', channel: 'EMAIL', accountId })) as { openedAt?: number } | undefined;
const post = (url: string, body: string) => fetch(url, { method: 'POST', body, headers: { 'content-type': 'text/plain' } });
const scrollOf = async (planId: string) => {
  const stats = await admin.ok('planStatistics.detail', { id: planId });
  return Object.fromEntries(stats.scroll.map((s: { depth: number; readers: number }) => [s.depth, s.readers]));
};

describe("a mail's web version", () => {
  it("links above the content in the mail's language, and shows the recipient's own message with its tracked links", async () => {
    const { planId, accounts, mailOf } = await send(true, [{ firstName: 'Ann' }, { firstName: '愛子', locale: 'ja' }]);
    const ann = mailOf(0);
    const aiko = mailOf(1);
    expect(ann.view).toBeDefined();
    // above the content: before the heading, in the mail's language, and a line of the text part
    expect(ann.mail.body.html.indexOf('View in browser')).toBeGreaterThan(-1);
    expect(ann.mail.body.html.indexOf('View in browser')).toBeLessThan(ann.mail.body.html.indexOf('Hello Ann'));
    expect(ann.mail.body.text).toMatch(/^View in browser: http\S+\/service\/t\/v\//);
    expect(aiko.mail.body.html).toContain('ブラウザで表示');
    // each recipient's link is their own
    expect(aiko.view).not.toBe(ann.view);

    expect((await recordOf(planId, accounts[0]!.id))?.openedAt).toBeUndefined();
    const page = await fetch(ann.view!.replace(/&amp;/g, '&'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toContain('no-store');
    const html = await page.text();
    expect(html).toContain('Hello Ann');
    expect(html).not.toContain('View in browser');
    expect(html).toContain(`src="${herald.url}/service/t/view.js"`);
    // its links are the mail's tracked ones: a click goes to the offer and counts
    const click = /href="([^"]*\/service\/t\/c\/[^"]+)"/.exec(html)?.[1];
    expect(click).toBeDefined();
    const followed = await fetch(click!.replace(/&amp;/g, '&'), { redirect: 'manual' });
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe(OFFER);
    // opening the page is an open of the mail, once
    const opened = (await recordOf(planId, accounts[0]!.id))?.openedAt;
    expect(opened).toBeGreaterThan(0);
    await fetch(ann.view!.replace(/&amp;/g, '&'));
    expect((await recordOf(planId, accounts[0]!.id))?.openedAt).toBe(opened);

    const ja = await (await fetch(aiko.view!.replace(/&amp;/g, '&'))).text();
    expect(ja).toContain('こんにちは 愛子 さん');
    expect(ja).toContain('lang="ja"');

    const script = await fetch(`${herald.url}/service/t/view.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toContain("'depth=' + depth");
  });

  it('is not offered by a mail whose content does not ask for it', async () => {
    const { mailOf } = await send(false, [{ firstName: 'Ben' }]);
    const { mail, view } = mailOf(0);
    expect(view).toBeUndefined();
    expect(mail.body.html).not.toContain('/service/t/v/');
    expect(mail.body.text).not.toContain('View in browser');
  });

  it("counts the reader's scroll once per depth reached, together with the app's reports", async () => {
    const { planId, mailOf } = await send(true, [{ firstName: 'Cy' }, { firstName: 'Di' }]);
    const cy = mailOf(0).view!.replace(/&amp;/g, '&');
    const di = mailOf(1).view!.replace(/&amp;/g, '&');
    expect((await post(cy, 'depth=60')).status).toBe(204);
    expect((await post(cy, 'depth=100')).status).toBe(204);
    // reported again (a reload, a second device): nothing more
    expect((await post(cy, 'depth=100')).status).toBe(204);
    expect((await post(di, 'depth=30')).status).toBe(204);
    expect(await scrollOf(planId)).toEqual({ 25: 2, 50: 1, 75: 1, 100: 1 });
  });

  it("in a browser, under the portal's Content-Security-Policy: the script reports how far the reader scrolled", async () => {
    // a long mail: the reader has to scroll to its end
    const { planId, mailOf } = await send(true, [{ firstName: 'Flo' }]);
    const { context, page } = await openPage(await sharedBrowser(), 800);
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/.test(m.text())) refused.push(m.text());
    });
    try {
      await page.setViewportSize({ width: 800, height: 200 });
      await page.goto(mailOf(0).view!.replace(/&amp;/g, '&'));
      await page.getByRole('heading', { name: 'Hello Flo' }).waitFor();
      await expectAccessible(page, "a mail's web version");
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => scrollOf(planId)).toEqual({ 25: 1, 50: 1, 75: 1, 100: 1 });
      expect(refused).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('refuses a bad depth, a changed link and a link of another kind, and counts nothing', async () => {
    const { planId, accounts, mailOf } = await send(true, [{ firstName: 'Ed' }]);
    const view = mailOf(0).view!.replace(/&amp;/g, '&');
    for (const body of ['depth=0', 'depth=101', 'depth=abc', 'depth=', '', 'depth=50&depth=75', 'depth=-5']) {
      const res = await post(view, body);
      expect(res.status, body).toBe(400);
    }
    const token = view.slice(view.indexOf(TRACKING_PATHS.view) + TRACKING_PATHS.view.length);
    const changed = `${herald.url}${TRACKING_PATHS.view}${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await fetch(changed)).status).toBe(400);
    expect((await post(changed, 'depth=100')).status).toBe(400);
    // a sealed link of another kind (the click's) in the web version's place
    const clickToken = signer.token('click', { o: 1, p: planId, r: 'r1', a: accounts[0]!.id, c: 'EMAIL', i: 0 });
    expect((await fetch(`${herald.url}${TRACKING_PATHS.view}${clickToken}`)).status).toBe(400);
    // a genuine web version link of a message never sent to that account
    const unsent = signer.token('view', { o: 1, p: planId, r: 'r1', a: 'nobody', c: 'EMAIL' });
    expect((await fetch(`${herald.url}${TRACKING_PATHS.view}${unsent}`)).status).toBe(404);
    expect((await post(`${herald.url}${TRACKING_PATHS.view}${unsent}`, 'depth=100')).status).toBe(404);
    expect(await scrollOf(planId)).toEqual({ 25: 0, 50: 0, 75: 0, 100: 0 });
    expect((await recordOf(planId, accounts[0]!.id))?.openedAt).toBeUndefined();
  });
});
