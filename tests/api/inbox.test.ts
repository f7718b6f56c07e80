/**
 * The app inbox (issue 20 item 4): a push message sent with an inbox mode leaves one item per account, which the
 * app lists (newest first, paged, not expired), marks read and deletes through the app SDK API, for the signed-in
 * user only (a user token for the account); another account's or organization's items are never reached.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushTemplateSchema } from '../../shared/content';
import { inboxKeyOf } from '../../shared/entities';
import { createSdkClient, type SdkClient, SdkError } from '../../shared/sdk/client';
import { mintSdkUserToken } from '../../shared/sdk/userToken';
import { CHANNEL_ADAPTERS } from '../../functions/channels';
import type { LocalHerald } from '../../functions/local/boot';
import type { ReceivedPush } from '../../functions/channels/push/standIns/push';
import { writeInboxItem } from '../../functions/domain/inbox';
import { Store } from '../../functions/store/store';
import { LinkSigner } from '../../functions/channels/links';
import type { ApiClient } from '../support/herald';
import { startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';

let herald: LocalHerald;
let store: Store;
let admin: ApiClient;
type Issued = { appKey: string; secret: string; serverKey: string; id: string };
let ours: Issued;
let theirs: Issued;
let sdk: SdkClient;
let sdkOther: SdkClient;

async function newApp(client: ApiClient, name: string): Promise<Issued> {
  const app = await client.ok('application.save', { name: `${name} ${randomUUID().slice(0, 6)}`, appType: 'IOS', bundleId: 'com.example.inbox' });
  const issued = await client.ok('application.issueSecret', { id: app.id });
  return { id: app.id, ...issued } as Issued;
}

const tokenFor = (accountId: string, app: Issued = ours) => mintSdkUserToken({ serverKey: app.serverKey, appKey: app.appKey, accountId });

beforeAll(async () => {
  herald = await startHerald();
  store = new Store(herald.rt);
  const callers = await twoOrganizations(herald, 'inbox');
  admin = callers.admin;
  ours = await newApp(admin, 'Inbox app');
  theirs = await newApp(callers.other, 'Their inbox app');
  sdk = createSdkClient({ baseUrl: herald.url, appKey: ours.appKey, secret: ours.secret });
  sdkOther = createSdkClient({ baseUrl: herald.url, appKey: theirs.appKey, secret: theirs.secret });
});
afterAll(() => herald?.stop());

async function refusal(promise: Promise<unknown>): Promise<SdkError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SdkError);
  return err as SdkError;
}

const item = (orgId: number, accountId: string, planId: string, sentAt: number, over: Record<string, unknown> = {}) => ({
  orgId,
  accountId,
  planId,
  runId: 'r1',
  title: `Title ${planId}`,
  body: 'Body',
  contentType: 'text',
  buttons: [],
  extras: {},
  sentAt,
  expiresAt: sentAt + 86_400_000,
  ...over,
});

describe('a push message in the inbox', () => {
  it('an app-registered device gets the message through its application’s channel, and the app lists it', async () => {
    const accountId = `inbox-${randomUUID().slice(0, 8)}`;
    const pushToken = randomBytes(32).toString('hex');
    const userToken = await tokenFor(accountId);
    await sdk.identify(
      { accountId, consents: { push: true }, device: { deviceId: 'phone', platform: 'IOS', channel: 'APNS_SANDBOX', pushToken, permission: 'ALWAYS' } },
      { userToken },
    );
    const tokenKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    const channel = await admin.ok('pushChannelSetting.save', {
      title: 'Inbox iOS',
      appId: ours.id,
      type: 'APNS_SANDBOX',
      authMethod: 'KEY',
      bundleId: 'com.example.inbox',
      teamId: 'TEAM123456',
      keyId: 'KEYID12345',
      tokenKey,
    });

    const push = CHANNEL_ADAPTERS.PUSH_NATIVE;
    const template = pushTemplateSchema.parse({
      channel: 'PUSH_NATIVE',
      defaultLanguage: 'en',
      contents: { en: { title: 'Your order shipped', body: 'It arrives Friday.', extras: [{ key: 'order', value: '42' }], inboxMode: 'PUSH_AND_INBOX' } },
    });
    const recipient = { accountId, target: 'phone', address: pushToken, consent: true };
    const planId = `p-${randomUUID()}`;
    const links = new LinkSigner(herald.rt.keys.sealKey, herald.rt.config.publicUrl).forRecipient({ o: 1, p: planId, r: 'r1', a: accountId, c: 'PUSH_NATIVE' });
    const rendered = push.prepare({ kind: 'PUSH_NATIVE', template }, { messageType: 1 })!(recipient, links);
    const message = push.message({ recipient, rendered, links, from: '', tags: { org: '1', plan: planId, run: 'r1' } });
    const sender = push.provider(herald.rt);
    expect(await sender.send(message, { tenant: store.forOrg(1) })).toMatchObject({ kind: 'sent' });
    // delivered again (a redelivered batch that lost its ledger claim): still one inbox item
    await sender.send(message, { tenant: store.forOrg(1) });

    const got = ((await (await fetch(`${herald.standIns.endpoints.pinpoint}/_standin/received`)).json()) as ReceivedPush[]).filter((r) => r.address === pushToken);
    expect(got[0]).toMatchObject({ applicationId: channel.pinpointAppId, channelType: 'APNS_SANDBOX' });
    const listed = await sdk.inbox({ accountId }, { userToken });
    expect(listed).toMatchObject({
      total: 1,
      unread: 1,
      list: [{ id: `${planId}#r1`, planId, title: 'Your order shipped', body: 'It arrives Friday.', extras: { order: '42' }, read: false }],
    });
    expect(JSON.parse((got[0]!.request as any).MessageConfiguration.APNSMessage.RawContent).herald.inboxId).toBe(`${planId}#r1`);
  });
});

describe('list, read and delete', () => {
  it('lists newest first a page at a time, leaves expired items out, marks read and deletes', async () => {
    const accountId = `list-${randomUUID().slice(0, 8)}`;
    const userToken = await tokenFor(accountId);
    await sdk.identify({ accountId }, { userToken });
    const now = Date.now();
    for (let i = 0; i < 5; i++) await writeInboxItem(store.forOrg(1), item(1, accountId, `p${i}`, now - (5 - i) * 60_000));
    await writeInboxItem(store.forOrg(1), item(1, accountId, 'expired', now - 3 * 86_400_000));
    // the same message written again changes nothing
    await writeInboxItem(store.forOrg(1), item(1, accountId, 'p4', now, { title: 'changed' }));

    const first = await sdk.inbox({ accountId, size: 2 }, { userToken });
    expect(first).toMatchObject({ total: 5, unread: 5, page: 0, size: 2 });
    expect(first.list.map((i) => i.planId)).toEqual(['p4', 'p3']);
    expect(first.list[0]!.title).toBe('Title p4');
    const last = await sdk.inbox({ accountId, size: 2, page: 2 }, { userToken });
    expect(last.list.map((i) => i.planId)).toEqual(['p0']);

    expect(await sdk.inboxRead({ accountId, ids: ['p3#r1', 'p4#r1', 'not-mine#r1'] }, { userToken })).toEqual({ accountId, changed: 2 });
    expect(await sdk.inboxRead({ accountId, ids: ['p3#r1'] }, { userToken })).toEqual({ accountId, changed: 0 });
    const unread = await sdk.inbox({ accountId, unreadOnly: true }, { userToken });
    expect(unread).toMatchObject({ total: 3, unread: 3 });
    expect(unread.list.map((i) => i.planId)).toEqual(['p2', 'p1', 'p0']);
    const read = (await sdk.inbox({ accountId }, { userToken })).list.find((i) => i.planId === 'p4')!;
    expect(read).toMatchObject({ read: true, readAt: expect.any(Number) });

    expect(await sdk.inboxDelete({ accountId, ids: ['p0#r1', 'p1#r1', 'nope#r1'] }, { userToken })).toEqual({ accountId, deleted: 2 });
    expect((await sdk.inbox({ accountId }, { userToken })).list.map((i) => i.planId)).toEqual(['p4', 'p3', 'p2']);
  });
});

describe('only the signed-in user', () => {
  it('needs a user token for the account; another account’s or organization’s items are never reached', async () => {
    const accountId = `owner-${randomUUID().slice(0, 8)}`;
    const victim = `victim-${randomUUID().slice(0, 8)}`;
    const userToken = await tokenFor(accountId);
    await sdk.identify({ accountId }, { userToken });
    await sdk.identify({ accountId: victim }, { userToken: await tokenFor(victim) });
    await writeInboxItem(store.forOrg(1), item(1, victim, 'secret-plan', Date.now()));

    expect((await refusal(sdk.inbox({ accountId: victim }))).errorCode).toBe('400018');
    expect((await refusal(sdk.inboxRead({ accountId: victim, ids: ['secret-plan#r1'] }))).errorCode).toBe('400018');
    expect((await refusal(sdk.inboxDelete({ accountId: victim, ids: ['secret-plan#r1'] }))).errorCode).toBe('400018');
    // my token names me, not the victim
    expect((await refusal(sdk.inbox({ accountId: victim }, { userToken }))).errorCode).toBe('400017');
    // the same account id in another organization is another inbox
    await sdkOther.identify({ accountId: victim }, { userToken: await tokenFor(victim, theirs) });
    expect(await sdkOther.inbox({ accountId: victim }, { userToken: await tokenFor(victim, theirs) })).toMatchObject({ total: 0, list: [] });
    expect(await sdkOther.inboxDelete({ accountId: victim, ids: ['secret-plan#r1'] }, { userToken: await tokenFor(victim, theirs) })).toMatchObject({ deleted: 0 });
    expect(await store.get('inboxItem', { accountKey: inboxKeyOf(1, victim), itemId: 'secret-plan#r1' })).toBeDefined();
  });

  it('refuses bad input with 400016', async () => {
    const accountId = `bad-${randomUUID().slice(0, 8)}`;
    const userToken = await tokenFor(accountId);
    expect((await refusal(sdk.inbox({ accountId, size: 0 }, { userToken }))).errorCode).toBe('400016');
    expect((await refusal(sdk.inbox({ accountId, size: 101 }, { userToken }))).errorCode).toBe('400016');
    expect((await refusal(sdk.inboxRead({ accountId, ids: [] }, { userToken }))).errorCode).toBe('400016');
    expect((await refusal(sdk.inboxDelete({ accountId, ids: Array.from({ length: 101 }, (_, i) => `x${i}`) }, { userToken }))).errorCode).toBe('400016');
  });
});
