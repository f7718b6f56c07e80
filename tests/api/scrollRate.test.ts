/**
 * The scroll rate (issue 41 item 8, spec 001 section 9): how far readers scroll an in-app page (the app SDK's
 * `message.scrolled`) or a mail's hosted page (the web snippet's), counted on the message in 25/50/75/100 %
 * buckets, each reader once per bucket whatever the device or how often reported; shown on the message's numbers
 * with the readers who reached the end. Bad input is a catalogue error; another organization's app cannot name
 * the message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { createSdkClient, type SdkClient, SdkError } from '../../shared/sdk/client';
import { type ApiClient, startHerald } from '../support/herald';
import { emailContent } from '../support/plans';
import { twoOrganizations } from '../support/organizations';

let herald: LocalHerald;
let admin: ApiClient;
let app: SdkClient;
let web: SdkClient;
let theirs: SdkClient;

const SITE = 'https://mail.example.com';
const fromOrigin =
  (origin: string): typeof fetch =>
  (url, init) =>
    fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), origin } });

beforeAll(async () => {
  herald = await startHerald();
  const callers = await twoOrganizations(herald, 'scroll');
  admin = callers.admin;
  const issue = async (client: ApiClient, payload: Record<string, unknown>) => {
    const saved = await client.ok('application.save', payload);
    return client.ok('application.issueSecret', { id: saved.id }) as Promise<{ appKey: string; secret: string }>;
  };
  app = createSdkClient({ baseUrl: herald.url, ...(await issue(admin, { name: 'Scroll iOS', appType: 'IOS', bundleId: 'com.example.scroll' })) });
  web = createSdkClient({ baseUrl: herald.url, ...(await issue(admin, { name: 'Hosted mail', appType: 'WEB', allowedOrigins: SITE })), fetch: fromOrigin(SITE) });
  theirs = createSdkClient({ baseUrl: herald.url, ...(await issue(callers.other, { name: 'Their iOS', appType: 'IOS' })) });
}, 120_000);
afterAll(() => herald?.stop());

async function refusal(promise: Promise<unknown>): Promise<SdkError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SdkError);
  return err as SdkError;
}

const depths = async (planId: string) => {
  const stats = await admin.ok('planStatistics.detail', { id: planId });
  return { byDepth: Object.fromEntries(stats.scroll.map((s: { depth: number; readers: number }) => [s.depth, s.readers])), figures: stats.figures };
};

describe('scroll rate', () => {
  it("an in-app page's scroll: each reader once per depth reached, on every device and however often reported", async () => {
    const plan = await admin.ok('plan.saveSingle', {
      name: 'Long read',
      title: 'Long read',
      channel: 'PUSH_NATIVE',
      content: { kind: 'PUSH_NATIVE', template: { channel: 'PUSH_NATIVE', defaultLanguage: 'en', contents: { en: { title: 'Read', body: 'A long page.' } } } },
    });
    await app.identify({ accountId: 'scroll-1', device: { deviceId: 'phone-1', platform: 'IOS' } });
    await app.identify({ accountId: 'scroll-1', device: { deviceId: 'tablet-1', platform: 'IOS' } });
    await app.identify({ accountId: 'scroll-2', device: { deviceId: 'phone-2', platform: 'ANDROID' } });
    await app.identify({ accountId: 'scroll-3' });
    const at = Date.now() - 60_000;
    const scrolled = (accountId: string, deviceId: string | undefined, depth: number, i: number) =>
      app.events({ accountId, events: [{ type: 'message.scrolled', planId: plan.id, depth, at: at + i, ...(deviceId ? { deviceId } : {}) }] });
    // reader 1 gets to 30 % on the phone, then 80 % on the tablet, then 80 % again; reader 2 reads to the end;
    // reader 3 reaches 20 %, below the first bucket
    await scrolled('scroll-1', 'phone-1', 30, 1);
    await scrolled('scroll-1', 'tablet-1', 80, 2);
    await scrolled('scroll-1', 'tablet-1', 80, 3);
    await scrolled('scroll-2', 'phone-2', 100, 4);
    await scrolled('scroll-2', 'phone-2', 55, 5);
    await scrolled('scroll-3', undefined, 20, 6);
    const { byDepth, figures } = await depths(plan.id);
    expect(byDepth).toEqual({ 25: 2, 50: 2, 75: 2, 100: 1 });
    // one reader reached the end; nothing was sent by this plan, so the rate has no base
    expect(figures).toMatchObject({ scrolled: 1, scrollRate: null });
  });

  it("an e-mail's hosted page reports through the web snippet; channels without scroll show none", async () => {
    const mail = await admin.ok('plan.saveSingle', { name: 'Hosted', title: 'Hosted', channel: 'EMAIL', content: emailContent('Hosted') });
    await web.identify({ accountId: 'reader-web' });
    await web.events({ accountId: 'reader-web', events: [{ id: 'w1', type: 'message.scrolled', planId: mail.id, depth: 60, at: Date.now() - 1000 }] });
    // the same event delivered again counts nowhere
    await web.events({ accountId: 'reader-web', events: [{ id: 'w1', type: 'message.scrolled', planId: mail.id, depth: 60, at: Date.now() - 1000 }] });
    expect((await depths(mail.id)).byDepth).toEqual({ 25: 1, 50: 1, 75: 0, 100: 0 });

    const sms = await admin.ok('plan.saveSingle', {
      name: 'Text',
      title: 'Text',
      channel: 'SMS',
      content: { kind: 'SMS', template: { channel: 'SMS', defaultLanguage: 'en', contents: { en: { text: 'Hello' } } } },
    });
    expect((await depths(sms.id)).figures).toMatchObject({ scrolled: null, scrollRate: null });
  });

  it('refuses a scroll without a depth or out of range, and another organization naming the message', async () => {
    const plan = await admin.ok('plan.saveSingle', { name: 'Refused', title: 'Refused', channel: 'EMAIL', content: emailContent('Refused') });
    await app.identify({ accountId: 'scroll-bad' });
    const at = Date.now();
    for (const bad of [{}, { depth: 0 }, { depth: 101 }, { depth: 12.5 }]) {
      const refused = await refusal(app.events({ accountId: 'scroll-bad', events: [{ type: 'message.scrolled', planId: plan.id, at, ...bad }] as never }));
      // the catalogue's invalid-input code, naming the field
      expect(refused.errorCode).toBe('400016');
      expect(refused.message).toContain('depth');
    }
    await theirs.identify({ accountId: 'scroll-bad' });
    const missing = await refusal(theirs.events({ accountId: 'scroll-bad', events: [{ type: 'message.scrolled', planId: plan.id, depth: 100, at }] }));
    expect(missing.errorCode).toBe('720003');
    expect((await depths(plan.id)).byDepth).toEqual({ 25: 0, 50: 0, 75: 0, 100: 0 });
  });
});
