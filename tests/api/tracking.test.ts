/**
 * Tracking links on the real local stack (DynamoDB Local, the SES stand-in, the HTTP server): links carry sealed
 * ids only, a click goes only to a link of the message that was sent (looked up on its sent-record), and
 * one-click unsubscribe keeps working, for links of the earlier signed format too.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyChannel } from '../../functions/channels';
import { sesEmailSender } from '../../functions/channels/email/ses';
import { RecordingSender } from '../../functions/channels/recording';
import { Ledger } from '../../functions/delivery/ledger';
import type { Recipient } from '../../functions/delivery/messages';
import { RateLimiter } from '../../functions/delivery/rate';
import { type ContentSource, sendBatchHandler } from '../../functions/delivery/sendWorker';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { type LinkClaims, LinkSigner, TRACKING_PATHS } from '../../functions/channels/links';
import { unsubscriptionId } from '../../shared/entities';
import { renderEmail } from '../../shared/render';
import { ApiClient, sentMail, startHerald } from '../support/herald';

let herald: LocalHerald;
let store: Store;
let signer: LinkSigner;

beforeAll(async () => {
  herald = await startHerald();
  store = new Store(herald.rt);
  signer = new LinkSigner(herald.rt.keys.sealKey, herald.url);
});
afterAll(() => herald?.stop());

const OFFER = 'https://example.com/offer?from=mail';
const content: ContentSource = {
  async load() {
    return {
      stopped: false,
      from: 'news@herald.local',
      render: (r, links) =>
        renderEmail(
          {
            subject: `Offer ${r.firstName}`,
            blocks: [
              { type: 'heading', text: 'Hello {{firstName}}' },
              { type: 'button', text: 'See the offer', href: OFFER },
              { type: 'thumb', text: 'Was this helpful?' },
            ],
          } as never,
          r,
          { unsubscribeUrl: links.unsubscribeUrl, openPixelUrl: links.openPixelUrl, linkRewriter: links.click, feedbackUrl: links.feedback },
        ),
    };
  },
};

/** Sends one message to `n` fresh recipients through the send worker and the SES stand-in. */
async function sendRun(n: number) {
  const run = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
  const tag = randomUUID().slice(0, 8);
  const recipients: Recipient[] = Array.from({ length: n }, (_, i) => ({
    accountId: `acct-${tag}-${i}`,
    address: `reader-${tag}-${i}@example.com`,
    firstName: `R${i}`,
    consent: true,
  }));
  const clock = herald.rt.clock;
  const other = new RecordingSender(clock);
  await sendBatchHandler({
    store,
    clock,
    log: herald.rt.log,
    ledger: new Ledger(store, clock),
    rate: new RateLimiter(store, clock, () => 1_000_000),
    senders: { ...everyChannel(other), EMAIL: sesEmailSender(herald.rt.aws.ses) },
    content,
    links: signer,
    staleClaimMs: 60_000,
    throttleRetries: 3,
    backoffMs: 1,
    concurrency: 8,
  })({ kind: 'send', ...run, channel: 'EMAIL', recipients });
  const mails = (await sentMail(herald)) as unknown as { destination: { to: string[] }; headers?: { name: string; value: string }[]; body: { html: string; text?: string } }[];
  const mailOf = (r: Recipient) => {
    const mail = mails.find((m) => m.destination.to.includes(r.address))!;
    const urls = [...mail.body.html.matchAll(/(?:href|src)="([^"]*\/service\/t\/[^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    const header = (mail.headers ?? []).find((h) => h.name === 'List-Unsubscribe')!.value.slice(1, -1);
    return { mail, urls, click: urls.find((u) => u.includes('/service/t/c/'))!, pixel: urls.find((u) => u.includes('/service/t/o/'))!, unsubscribe: header };
  };
  return { run, recipients, mailOf };
}

/** A link of the earlier format: readable claims and an HMAC, as mail sent before the change holds them. */
function legacyLink(kind: keyof typeof TRACKING_PATHS, claims: Record<string, unknown>): string {
  const key = createHmac('sha256', herald.rt.keys.sealKey).update('herald tracking links').digest();
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${herald.url}${TRACKING_PATHS[kind]}${body}.${createHmac('sha256', key).update(body).digest().subarray(0, 18).toString('base64url')}`;
}

const totals = (run: { orgId: number; planId: string; runId: string }) => new Ledger(store, herald.rt.clock).totals(run).then((t) => t.total);

describe('what a link says', () => {
  it('no tracking link holds the address or the account id, in plain or decoded', async () => {
    const { recipients, mailOf } = await sendRun(3);
    for (const r of recipients) {
      const { urls, unsubscribe } = mailOf(r);
      expect(urls.length).toBeGreaterThanOrEqual(4); // button, like, dislike, unsubscribe footer, pixel
      for (const url of [...urls, unsubscribe]) {
        const token = url.split('/service/t/')[1]!.slice(2);
        const decoded = Buffer.from(token, 'base64url').toString('latin1');
        for (const secret of [r.address, r.accountId, 'reader-', 'acct-', 'example.com']) {
          expect(decodeURIComponent(url)).not.toContain(secret);
          expect(decoded).not.toContain(secret);
        }
      }
    }
  });
});

describe('click redirects', () => {
  it("a sent link redirects to the message's own link and counts one click and one open, however often it is followed", async () => {
    const { run, recipients, mailOf } = await sendRun(2);
    const { click } = mailOf(recipients[0]!);
    for (let i = 0; i < 3; i++) {
      const res = await fetch(click, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(OFFER);
    }
    expect(await totals(run)).toMatchObject({ clicks: 1, opens: 1 });
  });

  it('a link followed while its claim is open (sent, its outcome not written yet) still redirects and unsubscribes', async () => {
    const run = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
    const ledger = new Ledger(store, herald.rt.clock);
    const [a, b] = ['held-a', 'held-b'].map((accountId) => ({ key: { ...run, channel: 'EMAIL' as const, accountId }, address: `${accountId}@example.com`, links: [OFFER] }));
    await ledger.claimMany([a!, b!]);
    expect((await store.get('sentRecord', ledger.keyOf(a!.key)))?.status).toBe('CLAIMED');
    const base: LinkClaims = { o: run.orgId, p: run.planId, r: run.runId, a: 'held-a', c: 'EMAIL' };
    const res = await fetch(`${herald.url}${TRACKING_PATHS.click}${signer.token('click', { ...base, i: 0 })}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(OFFER);
    // the address to unsubscribe is the claim's
    const unsubscribed = await fetch(`${herald.url}${TRACKING_PATHS.unsubscribe}${signer.token('unsubscribe', base)}`, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    expect(unsubscribed.status).toBe(200);
    expect(await store.forOrg(1).get('messageUnsubscription', unsubscriptionId('EMAIL', 'held-a@example.com'))).toBeTruthy();
  });

  it('a tampered link, a link place the message does not have and a link of a draft answer a page, never a redirect', async () => {
    const { run, recipients, mailOf } = await sendRun(1);
    const r = recipients[0]!;
    const { click } = mailOf(r);
    const tampered = click.slice(0, -6) + (click.endsWith('AAAAAA') ? 'BBBBBB' : 'AAAAAA');
    const base: LinkClaims = { o: run.orgId, p: run.planId, r: run.runId, a: r.accountId, c: 'EMAIL' };
    // sealed with the deployment's own key, as only Herald can: still no destination but the message's
    const url = (claims: LinkClaims) => `${herald.url}${TRACKING_PATHS.click}${signer.token('click', claims)}`;
    const draft = { ...base, p: `draft-${randomUUID()}`, i: 0 };
    for (const [what, link] of [
      ['tampered', tampered],
      ['a place the message has no link at', url({ ...base, i: 7 })],
      ['a plan never sent (a draft)', url(draft)],
      ['another recipient of the same message', url({ ...base, a: 'someone-else', i: 0 })],
      ['an open token used as a click', `${herald.url}${TRACKING_PATHS.click}${signer.token('open', { ...base, i: 0 })}`],
      ['the earlier signed format naming any target', legacyLink('click', { ...base, u: 'https://evil.example/', i: 0 })],
    ] as const) {
      const res = await fetch(link, { redirect: 'manual' });
      expect(res.headers.get('location'), what).toBeNull();
      expect([400, 404], what).toContain(res.status);
      expect(res.headers.get('content-type'), what).toContain('text/html');
    }
    expect(await totals(run)).toMatchObject({ clicks: 0 });
  });

  it('a test mail of a draft holds no tracking link at all', async () => {
    const admin = new ApiClient(herald);
    await admin.login();
    const me = await admin.ok('user.profile');
    const subject = `Draft ${randomUUID().slice(0, 8)}`;
    const draft = await admin.ok('plan.saveSingle', {
      name: subject,
      title: subject,
      channel: 'EMAIL',
      content: {
        kind: 'EMAIL',
        template: { defaultLanguage: 'en', contents: { en: { subject, blocks: [{ type: 'button', text: 'Go', href: 'https://evil.example/landing' }] } } },
      },
    });
    // the organization's own user: an address test mails go to
    await admin.ok('plan.testEmail', { id: draft.id, emails: [me.email] });
    const mail = (await sentMail(herald)).find((m) => m.subject.includes(subject))!;
    expect(mail.body.html).toContain('https://evil.example/landing');
    expect(mail.body.html).not.toContain('/service/t/');
  });
});

describe('one-click unsubscribe', () => {
  it("a GET asks, the cookieless POST lists the recipient's own address, read from its sent-record", async () => {
    const { run, recipients, mailOf } = await sendRun(2);
    const r = recipients[1]!;
    const { unsubscribe, mail } = mailOf(r);
    expect((mail.headers ?? []).find((h) => h.name === 'List-Unsubscribe-Post')?.value).toBe('List-Unsubscribe=One-Click');
    expect(await (await fetch(unsubscribe)).text()).toContain('<form method="post"');
    expect(await store.forOrg(run.orgId).get('messageUnsubscription', unsubscriptionId('EMAIL', r.address))).toBeUndefined();
    const posted = await fetch(unsubscribe, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(posted.status).toBe(200);
    expect(await store.forOrg(run.orgId).get('messageUnsubscription', unsubscriptionId('EMAIL', r.address))).toMatchObject({ target: r.address, source: 'UNSUBSCRIBE' });
    expect(await totals(run)).toMatchObject({ unsubscribes: 1 });
  });

  it('links of the earlier signed format still unsubscribe and count opens; an unsent recipient is refused with a page', async () => {
    const { run, recipients } = await sendRun(1);
    const r = recipients[0]!;
    const base = { o: run.orgId, p: run.planId, r: run.runId, a: r.accountId, c: 'EMAIL' };
    expect((await fetch(legacyLink('open', base))).headers.get('content-type')).toBe('image/gif');
    const posted = await fetch(legacyLink('unsubscribe', { ...base, e: r.address }), { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    expect(posted.status).toBe(200);
    expect(await store.forOrg(run.orgId).get('messageUnsubscription', unsubscriptionId('EMAIL', r.address))).toBeDefined();
    expect(await totals(run)).toMatchObject({ opens: 1, unsubscribes: 1 });
    const nobody = `${herald.url}${TRACKING_PATHS.unsubscribe}${signer.token('unsubscribe', { ...base, c: 'EMAIL', a: 'never-sent' })}`;
    const refused = await fetch(nobody, { method: 'POST', headers: { 'accept-language': 'ja' } });
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain('このリンクは利用できません');
  });
});
