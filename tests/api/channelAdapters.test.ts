/**
 * The channel registry (functions/channels): one adapter for every channel; who each channel reaches and why
 * not, with spec 001 section 8 reasons, against DynamoDB Local; a provider's "dead address" answer keeps the
 * address from being tried again; plan.saveSingle refuses channels the registry says cannot send yet.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS } from '../../shared/delivery';
import { type Account, deviceKeyOf, type MessageUnsubscription, unsubscriptionId } from '../../shared/entities';
import { CHANNEL_ADAPTERS, channelSenders, type RecipientView } from '../../functions/channels';
import { RecordingSender } from '../../functions/channels/recording';
import type { ChannelSender, SendOutcome } from '../../functions/channels/sender';
import { Ledger } from '../../functions/delivery/ledger';
import { RateLimiter } from '../../functions/delivery/rate';
import { type ContentSource, sendBatchHandler } from '../../functions/delivery/sendWorker';
import { allowOnlyOf, whiteListed } from '../../functions/delivery/policy';
import { sendPolicies } from '../../functions/delivery/worker';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { LinkSigner } from '../../functions/channels/links';
import { ApiClient, startHerald } from '../support/herald';

let herald: LocalHerald;
let store: Store;
let admin: ApiClient;

beforeAll(async () => {
  herald = await startHerald();
  store = new Store(herald.rt);
  admin = new ApiClient(herald);
  await admin.login();
});
afterAll(() => herald?.stop());

function account(over: Partial<Account> & Record<string, unknown> = {}): Account {
  const id = `acc-${randomUUID().slice(0, 8)}`;
  const now = herald.rt.clock.now();
  return {
    orgId: 1,
    id,
    emails: [`${id}@example.com`],
    tags: [],
    attributes: {},
    emailConsent: true,
    smsConsent: true,
    pushConsent: true,
    lineConsent: true,
    version: 1,
    dateCreated: now,
    dateUpdated: now,
    createdBy: 'test',
    updatedBy: 'test',
    ...over,
  } as Account;
}

describe('the registry', () => {
  it('has one adapter for every channel, each under its own channel, and every channel can send', () => {
    expect(Object.keys(CHANNEL_ADAPTERS).sort()).toEqual([...CHANNELS].sort());
    for (const channel of CHANNELS) expect(CHANNEL_ADAPTERS[channel].channel).toBe(channel);
    expect(CHANNELS.filter((c) => CHANNEL_ADAPTERS[c].sendable)).toEqual([...CHANNELS]);
  });

  it('gives every channel its provider adapter: nothing records at the port, locally the same code reaches the stand-ins', () => {
    const local = channelSenders(herald.rt);
    expect(Object.keys(local).sort()).toEqual([...CHANNELS].sort());
    for (const channel of CHANNELS) expect(local[channel]).not.toBeInstanceOf(RecordingSender);
  });
});

describe('email reachability', () => {
  const email = CHANNEL_ADAPTERS.EMAIL;
  const ctx = () => store.forOrg(1);
  const view = (a: Account): RecipientView => ({ accountId: a.id, address: a.emails[0]!, consent: a.emailConsent });

  it('reaches the first address with its consent; an account without one is not matched (6)', async () => {
    const first = account({ emails: ['First@example.com', 'second@example.com'] });
    const none = account({ emails: [] });
    const refused = account({ emailConsent: false });
    expect(await email.reach([first, none, refused], ctx())).toEqual([
      { address: 'First@example.com', consent: true },
      { reason: 'USER_NOT_MATCHED' },
      { address: refused.emails[0], consent: false },
    ]);
  });

  it('skips no consent (3), unsubscribed (9), bounced (12) and complained (13); another organization’s list does not count', async () => {
    const [fine, refused, unsubscribed, manual, bounced, complained, elsewhere] = Array.from({ length: 7 }, () => account());
    refused!.emailConsent = false;
    const list = (a: Account, source: MessageUnsubscription['source'], orgId = 1) =>
      store.forOrg(orgId).put('messageUnsubscription', {
        id: unsubscriptionId('EMAIL', a.emails[0]!),
        channelName: 'EMAIL',
        target: a.emails[0]!.toLowerCase(),
        source,
        dateCreated: herald.rt.clock.now(),
      });
    await Promise.all([
      list(refused!, 'UNSUBSCRIBE'),
      list(unsubscribed!, 'UNSUBSCRIBE'),
      list(manual!, 'MANUAL'),
      list(bounced!, 'BOUNCE'),
      list(complained!, 'COMPLAINT'),
      list(elsewhere!, 'BOUNCE', 2),
    ]);
    const all = [fine!, refused!, unsubscribed!, manual!, bounced!, complained!, elsewhere!];
    const skipped = await email.suppressed(all.map(view), ctx());
    expect(all.map((a) => skipped.get(a.id))).toEqual([undefined, 'USER_SETTINGS_BLOCK', 'UNSUBSCRIBED', 'UNSUBSCRIBED', 'BOUNCE', 'COMPLAINT', undefined]);
  });
});

describe('the other channels’ reachability', () => {
  const ctx = () => store.forOrg(1);

  it('SMS reaches the primary phone number, LINE the user id, letters the printed postal address', async () => {
    const phone = account({ phones: ['+819012345678', '+819011112222'], smsConsent: false });
    const line = account({ lineUserId: `U${'a'.repeat(32)}` });
    const letter = account({ address: { recipientName: 'Hana Sato', lines: ['1-2-3 Ginza'], city: 'Chuo-ku', region: 'Tokyo', postcode: '104-0061', country: 'JP' } });
    const bare = account();
    expect(await CHANNEL_ADAPTERS.SMS.reach([phone, bare], ctx())).toEqual([{ address: '+819012345678', consent: false }, { reason: 'USER_NOT_MATCHED' }]);
    expect(await CHANNEL_ADAPTERS.LINE.reach([line, bare], ctx())).toEqual([{ address: line.lineUserId, consent: true }, { reason: 'USER_NOT_MATCHED' }]);
    expect(await CHANNEL_ADAPTERS.DIRECT_MAIL.reach([letter, bare], ctx())).toEqual([
      { address: 'Hana Sato\n1-2-3 Ginza\nChuo-ku Tokyo 104-0061\nJP', consent: true },
      { reason: 'USER_NOT_MATCHED' },
    ]);
  });

  it('push reaches the newest device that may notify, or with the organization’s multi-device switch every active device, newest first, each its own target; none is not matched, only inactive ones are uninstalled (2), notifications off is no consent', async () => {
    const [active, inactive, muted, none] = Array.from({ length: 4 }, () => account());
    const device = (a: Account, deviceId: string, over: Record<string, unknown>) =>
      store.put('device', {
        accountKey: deviceKeyOf(1, a.id),
        deviceId,
        orgId: 1,
        accountId: a.id,
        platform: 'IOS',
        channel: 'APNS',
        permission: 'ALWAYS',
        active: true,
        source: 'IMPORT',
        dateUpdated: 1,
        ...over,
      });
    await Promise.all([
      device(active!, 'old', { pushToken: 'token-old', dateUpdated: 1 }),
      device(active!, 'new', { pushToken: 'token-new', dateUpdated: 2 }),
      device(active!, 'gone', { pushToken: 'token-gone', dateUpdated: 3, active: false }),
      device(inactive!, 'd', { pushToken: 'token-x', active: false }),
      device(muted!, 'd', { pushToken: 'token-m', permission: 'NOT_ALLOW' }),
    ]);
    const rest = [{ reason: 'APP_UNINSTALLED' }, { address: 'token-m', consent: false, target: 'd', os: 'IOS' }, { reason: 'USER_NOT_MATCHED' }];
    // the switch off (the default): one device per account
    expect(await CHANNEL_ADAPTERS.PUSH_NATIVE.reach([active!, inactive!, muted!, none!], ctx())).toEqual([
      { address: 'token-new', consent: true, target: 'new', os: 'IOS' },
      ...rest,
    ]);
    await store.update('organization', { id: 1 }, { supportSendMultiDevicesPerUser: true });
    try {
      expect(await CHANNEL_ADAPTERS.PUSH_NATIVE.reach([active!, inactive!, muted!, none!], ctx())).toEqual([
        // each device's platform comes along, so its sends count per OS
        { address: 'token-new', consent: true, target: 'new', os: 'IOS', more: [{ address: 'token-old', consent: true, target: 'old', os: 'IOS' }] },
        ...rest,
      ]);
    } finally {
      await store.update('organization', { id: 1 }, { supportSendMultiDevicesPerUser: false });
    }
  });
});

describe('a provider answering that an address is dead', () => {
  it('fails that recipient with the adapter’s reason, lists the address, and the next message skips it', async () => {
    const planId = `p-${randomUUID()}`;
    const dead = `dead-${randomUUID().slice(0, 8)}@example.com`;
    const alive = `alive-${randomUUID().slice(0, 8)}@example.com`;
    const recorder = new RecordingSender(herald.rt.clock);
    const provider: ChannelSender = {
      async send(m): Promise<SendOutcome> {
        return m.to === dead ? { kind: 'dead', reason: 'BOUNCE', detail: 'mailbox does not exist' } : recorder.send(m);
      },
    };
    const content: ContentSource = { load: async () => ({ stopped: false, from: 'news@herald.local', render: () => ({ subject: 'Hi', html: '<p>Hi</p>', text: 'Hi' }) }) };
    const ledger = new Ledger(store, herald.rt.clock);
    const send = sendBatchHandler({
      store,
      clock: herald.rt.clock,
      log: herald.rt.log,
      ledger,
      rate: new RateLimiter(store, herald.rt.clock, () => 1_000_000),
      senders: { ...channelSenders(herald.rt), EMAIL: provider },
      content,
      links: new LinkSigner(herald.rt.keys.sealKey, 'http://localhost:3000'),
      staleClaimMs: 60_000,
      throttleRetries: 3,
      backoffMs: 1,
      concurrency: 8,
    });
    const recipients = [
      { accountId: 'a-dead', address: dead, consent: true },
      { accountId: 'a-alive', address: alive, consent: true },
    ];
    const recordOf = (runId: string, accountId: string) => store.get('sentRecord', ledger.keyOf({ orgId: 1, planId, runId, channel: 'EMAIL', accountId }));
    await send({ kind: 'send', orgId: 1, planId, runId: 'r1', channel: 'EMAIL', recipients });
    expect(await recordOf('r1', 'a-dead')).toMatchObject({ status: 'FAILED', reason: 'BOUNCE' });
    expect(await recordOf('r1', 'a-alive')).toMatchObject({ status: 'SENT' });
    expect(await store.forOrg(1).get('messageUnsubscription', unsubscriptionId('EMAIL', dead))).toMatchObject({ source: 'BOUNCE', channelName: 'EMAIL', planId });

    await send({ kind: 'send', orgId: 1, planId, runId: 'r2', channel: 'EMAIL', recipients });
    expect(await recordOf('r2', 'a-dead')).toMatchObject({ status: 'SKIPPED', reason: 'BOUNCE' });
    expect(await recordOf('r2', 'a-alive')).toMatchObject({ status: 'SENT' });
    expect(recorder.sent.filter((s) => s.message.to === dead)).toHaveLength(0);
  });
});

describe('the organization’s white list (a staging organization)', () => {
  it('sends only to the addresses, numbers and accounts it names while it has entries, and to everyone once it is empty', async () => {
    const planId = `p-${randomUUID()}`;
    const listed = `listed-${randomUUID().slice(0, 8)}@example.com`;
    const other = `other-${randomUUID().slice(0, 8)}@example.com`;
    const byId = `acc-${randomUUID().slice(0, 8)}`;
    await admin.ok('organization.saveWhiteList', { id: 1, content: `${listed.toUpperCase()}\n${byId}\n+81 90-1234-5678` });
    const recorder = new RecordingSender(herald.rt.clock);
    const content: ContentSource = { load: async () => ({ stopped: false, from: 'news@herald.local', render: () => ({ subject: 'Hi', html: '<p>Hi</p>', text: 'Hi' }) }) };
    const ledger = new Ledger(store, herald.rt.clock);
    const send = sendBatchHandler({
      store,
      clock: herald.rt.clock,
      log: herald.rt.log,
      ledger,
      rate: new RateLimiter(store, herald.rt.clock, () => 1_000_000),
      senders: { ...channelSenders(herald.rt), EMAIL: recorder },
      content,
      links: new LinkSigner(herald.rt.keys.sealKey, 'http://localhost:3000'),
      staleClaimMs: 60_000,
      throttleRetries: 3,
      backoffMs: 1,
      concurrency: 8,
      policy: sendPolicies(store, herald.rt.clock, 0),
    });
    const recipients = [
      { accountId: 'a-listed', address: listed, consent: true },
      { accountId: byId, address: `${byId}@example.com`, consent: true },
      { accountId: 'a-other', address: other, consent: true },
    ];
    const recordOf = (runId: string, accountId: string) => store.get('sentRecord', ledger.keyOf({ orgId: 1, planId, runId, channel: 'EMAIL', accountId }));
    try {
      await send({ kind: 'send', orgId: 1, planId, runId: 'r1', channel: 'EMAIL', recipients });
      expect(await recordOf('r1', 'a-listed')).toMatchObject({ status: 'SENT' });
      expect(await recordOf('r1', byId)).toMatchObject({ status: 'SENT' });
      expect(await recordOf('r1', 'a-other')).toMatchObject({ status: 'SKIPPED', reason: 'USER_NOT_MATCHED', detail: expect.stringContaining('white list') });
      expect(recorder.sent.map((s) => s.message.to)).not.toContain(other);
      // a number on the list matches however it was typed there
      expect(whiteListed(allowOnlyOf(['090-1234-5678'], 'JP'), { accountId: 'x', address: '+819012345678' })).toBe(true);
      expect(whiteListed(allowOnlyOf(['+81 90-1234-5678']), { accountId: 'x', address: '+819012345678' })).toBe(true);
      expect(whiteListed(allowOnlyOf(['090-1234-5678'], 'JP'), { accountId: 'x', address: '+819012345679' })).toBe(false);
    } finally {
      await admin.ok('organization.saveWhiteList', { id: 1, content: '' });
    }
    await send({ kind: 'send', orgId: 1, planId, runId: 'r2', channel: 'EMAIL', recipients });
    expect(await recordOf('r2', 'a-other')).toMatchObject({ status: 'SENT' });
  });
});

describe('plan.saveSingle asks the registry', () => {
  it('copies a template of the message’s channel, refuses one of another channel with 720009 in the caller’s language, and content written for another channel', async () => {
    const sms = await admin.ok('templateMessage.save', { name: `SMS ${randomUUID()}`, template: { channel: 'SMS', defaultLanguage: 'en', contents: { en: { text: 'Hi' } } } });
    const mail = await admin.ok('templateMessage.save', { name: `Mail ${randomUUID()}`, template: { defaultLanguage: 'en', contents: { en: { subject: 'Hello' } } } });
    const plan = (channel: string, templateId: string) => ({ name: 'Registry', title: 'Registry', channel, content: { kind: 'TEMPLATE', templateId } });

    expect(await admin.ok('plan.saveSingle', plan('SMS', sms.id))).toMatchObject({ channel: 'SMS', content: { kind: 'SMS', template: { channel: 'SMS' } } });
    expect((await admin.call('plan.saveSingle', plan('SMS', mail.id), { 'x-lang': 'ja' })).body).toMatchObject({
      errorCode: '720009',
      errorMessage: expect.stringContaining('テンプレートのチャネルがメッセージのチャネルと異なります'),
    });
    expect((await admin.call('plan.saveSingle', plan('EMAIL', sms.id), { 'x-lang': 'zh' })).body).toMatchObject({
      errorCode: '720009',
      errorMessage: expect.stringContaining('该模板所属的渠道与消息的渠道不一致'),
    });
    expect(await admin.ok('plan.saveSingle', plan('EMAIL', mail.id))).toMatchObject({ channel: 'EMAIL', content: { kind: 'EMAIL' } });
    // SMS content sent as an email is refused before anything is stored
    const smsContent = { kind: 'SMS', template: { channel: 'SMS', defaultLanguage: 'en', contents: { en: { text: 'Hi' } } } };
    const crossed = await admin.call('plan.saveSingle', { name: 'Crossed', title: 'Crossed', channel: 'EMAIL', content: smsContent });
    expect(crossed.body).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('SMS content cannot be sent over EMAIL') });
  });
});
