/**
 * The local mail viewer shows mail as a mail client does: opening a sent mail fires no tracking pixel (remote
 * images are blocked, in the browser's language), "show images" loads them and counts the open, and a link
 * clicked in the mail is a real click.
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { Ledger } from '../../functions/delivery/ledger';
import type { LocalHerald } from '../../functions/local/boot';
import { type SesStandIn, startSes } from '../../functions/local/sesStandIn';
import { Store } from '../../functions/store/store';
import { LinkSigner } from '../../functions/channels/links';
import { renderEmail } from '../../shared/render';
import { startHerald } from '../support/herald';
import { workerDynamo } from '../support/workers';
import { launchBrowser } from './browser';

let herald: LocalHerald;
let browser: Browser;
let store: Store;

let ses: SesStandIn;

// A mail viewer of its own: the run's shared one holds every other file's mail, thousands of them by now.
beforeAll(async () => {
  const { mailViewerUrl: _viewer, mailProviders, ...shared } = inject('standIns');
  ses = await startSes({ port: 0 });
  const standIns = {
    // this worker's DynamoDB Local, where its tables are reclaimed when the file ends
    endpoints: { ...shared, dynamodb: workerDynamo(inject('dynamodbs')), ses: ses.endpoint },
    mailProviders,
    mailViewerUrl: `${ses.endpoint}/`,
    stop: async () => undefined,
  };
  [herald, browser] = await Promise.all([startHerald({ standIns }), launchBrowser()]);
  store = new Store(herald.rt);
});
afterAll(async () => {
  await browser?.close();
  await herald?.stop();
  await ses?.close();
});

/** One tracked mail as a message's run sends it: claimed in the ledger with its links, sent through the SES stand-in. */
async function sendTrackedMail(subject: string) {
  const run = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
  const key = { ...run, channel: 'EMAIL' as const, accountId: `acct-${randomUUID()}` };
  const address = `viewer-${randomUUID().slice(0, 8)}@example.com`;
  const links = new LinkSigner(herald.rt.keys.sealKey, herald.url).forRecipient({ o: run.orgId, p: run.planId, r: run.runId, a: key.accountId, c: 'EMAIL' });
  const mail = renderEmail(
    {
      subject,
      blocks: [
        { type: 'heading', text: 'Hello {{firstName}}' },
        { type: 'button', text: 'See the offer', href: 'https://example.com/offer' },
      ],
    } as never,
    { firstName: 'Aki', email: address },
    { unsubscribeUrl: links.unsubscribeUrl, openPixelUrl: links.openPixelUrl, linkRewriter: links.click },
  );
  const ledger = new Ledger(store, herald.rt.clock);
  const claim = await ledger.claim(key, address, links.linkTable());
  if (!claim.claimed) throw new Error('the recipient was claimed before');
  await herald.rt.aws.ses.send(
    new SendEmailCommand({
      FromEmailAddress: 'news@herald.local',
      Destination: { ToAddresses: [address] },
      Content: { Simple: { Subject: { Data: mail.subject }, Body: { Html: { Data: mail.html }, Text: { Data: mail.text } } } },
    }),
  );
  await ledger.complete(key, claim.attempt, { status: 'SENT' });
  expect(mail.html).toContain(links.openPixelUrl);
  return { totals: () => ledger.totals(run).then((t) => t.total), pixelUrl: links.openPixelUrl };
}

it('opening a mail in the viewer counts no open; "show images" does; a link clicked in it counts a click', async () => {
  const subject = `Viewer ${randomUUID().slice(0, 8)}`;
  const { totals, pixelUrl } = await sendTrackedMail(subject);
  const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const pixels: string[] = [];
  // this mail's pixel only: the viewer lists every mail of the run's shared SES
  context.on('request', (r) => void (r.url() === pixelUrl && pixels.push(r.url())));

  await page.goto(herald.standIns.mailViewerUrl);
  const mail = page.locator('.email', { hasText: subject });
  await mail.waitFor();
  // The viewer lists every mail of the run's shared SES and prepends each new one with an animation: a mail
  // another test file sends between a click's aim and its press moved this one under it. Once this mail is
  // drawn and has settled, the page stops fetching new ones, so every click lands where it aims.
  await page.evaluate(() => {
    const last = window.setTimeout(() => undefined, 0);
    for (let id = 1; id <= last; id++) window.clearInterval(id);
  });
  await mail.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  await mail.getByRole('button', { name: 'Toggle HTML view' }).click();
  const frame = mail.frameLocator('iframe');
  await frame.getByText('Hello Aki').waitFor();
  // what a pixel fetched by the open would have counted by now
  await page.waitForTimeout(1_000);
  expect(pixels).toEqual([]);
  expect(await totals()).toMatchObject({ opens: 0, clicks: 0 });
  await mail.getByText('リモート画像をブロック').waitFor();

  await mail.getByRole('button', { name: '画像を表示' }).click();
  await expect.poll(async () => (await totals()).opens).toBe(1);
  // the browser's request event may reach this process after the server counted the open
  await expect.poll(() => pixels.length).toBe(1);
  expect(await mail.getByRole('button', { name: '画像を表示' }).count()).toBe(0);

  const opened = context.waitForEvent('page');
  await mail.frameLocator('iframe').getByRole('link', { name: 'See the offer' }).click();
  await opened;
  await expect.poll(async () => (await totals()).clicks).toBe(1);
  expect(await totals()).toMatchObject({ opens: 1, clicks: 1 });
  await context.close();
}, 120_000);
