/**
 * Tests of a message on the channels beyond email (plan.testSend, plan.getTestTargets) and the channels' sendable
 * answer (plan.getChannels): a test goes only to the accounts of members and kept test addresses, at the address
 * the channel reaches them at, rendered and sent by the channel's adapter through its provider (the stand-ins
 * here) exactly as the real sending; a letter answers its PDF; bad input gets catalogue errors; another
 * organization's message answers as missing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { CHANNEL_ADAPTERS } from '../../functions/channels';
import { Store } from '../../functions/store/store';
import { CHANNELS, type Channel } from '../../shared/delivery';
import { deviceKeyOf } from '../../shared/entities';
import { type ApiClient, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';

let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;
let store: Store;

/** the server's own registry says which channels send; a test of one that does not checks that it is refused */
const sendable = (channel: Channel) => CHANNEL_ADAPTERS[channel].sendable;

const tag = randomUUID().slice(0, 8);
const testAddress = `tester-${tag}@example.com`;
/** unique per run: the stand-ins are shared by every test file */
const digits = () => String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
const phone = `+8190${digits()}`;
const strangerPhone = `+8180${digits()}`;
const lineId = `U${randomUUID().replace(/-/g, '')}`;
const deviceId = `dev-${tag}`;
const pushToken = 'a'.repeat(48) + tag.replace(/[^a-f0-9]/g, '0').padEnd(16, '0');

async function received(endpoint: string): Promise<any[]> {
  return (await (await fetch(`${endpoint}/_standin/received`)).json()) as any[];
}

const smsContent = {
  kind: 'SMS',
  template: {
    channel: 'SMS',
    defaultLanguage: 'en',
    contents: { en: { text: 'Hi {{firstName|there}}, sale today', stopFooter: true }, ja: { text: '{{firstName}}さん、本日セール', stopFooter: false } },
  },
};
const lineContent = {
  kind: 'LINE',
  template: {
    channel: 'LINE',
    defaultLanguage: 'en',
    contents: { en: { messages: [{ type: 'text', text: 'Hello {{firstName}}' }] }, ja: { messages: [{ type: 'text', text: 'こんにちは {{firstName}}' }] } },
  },
};
const letterContent = {
  kind: 'DIRECT_MAIL',
  template: {
    channel: 'DIRECT_MAIL',
    defaultLanguage: 'en',
    contents: { en: { recipientBlock: '{{firstName}} {{lastName}}', subject: 'Your notice', body: 'Dear {{firstName}}', closing: 'Regards' } },
  },
};

const pushContent = { kind: 'PUSH_NATIVE', template: { channel: 'PUSH_NATIVE', defaultLanguage: 'en', contents: { en: { title: 'Hi', body: 'B' } } } };
const emailContent = { kind: 'EMAIL', template: { contents: { en: { subject: 'Hi', blocks: [{ type: 'paragraph', text: 'Hello' }] } } } };
const CONTENT: Record<Channel, unknown> = { EMAIL: emailContent, SMS: smsContent, PUSH_NATIVE: pushContent, LINE: lineContent, DIRECT_MAIL: letterContent };

async function draft(channel: string, content: unknown): Promise<string> {
  return (await admin.ok('plan.saveSingle', { name: `Test ${channel} ${randomUUID().slice(0, 6)}`, title: 'T', channel, content })).id;
}

beforeAll(async () => {
  herald = await startHerald();
  store = new Store(herald.rt);
  ({ admin, other } = await twoOrganizations(herald, `ts${tag}`));
  const { organization } = await admin.ok('systemSetting.detail');
  await admin.ok('systemSetting.save', { ...organization, testAddresses: [testAddress] });
  // the test address's account: a number, a LINE id and a device; and a stranger nobody may test to
  await admin.ok('account.save', {
    id: `tester-${tag}`,
    emails: [testAddress],
    phones: [phone],
    lineUserId: lineId,
    firstName: 'Aki',
    lastName: 'Sato',
    locale: 'ja-JP',
    smsConsent: true,
    lineConsent: true,
    pushConsent: true,
  });
  await admin.ok('account.save', { id: `stranger-${tag}`, emails: [`stranger-${tag}@example.com`], phones: [strangerPhone], smsConsent: true });
  const now = herald.rt.clock.now();
  await store.put('device', {
    accountKey: deviceKeyOf(1, `tester-${tag}`),
    deviceId,
    orgId: 1,
    accountId: `tester-${tag}`,
    platform: 'IOS',
    channel: 'APNS',
    pushToken,
    permission: 'ALWAYS',
    active: true,
    source: 'IMPORT',
    dateUpdated: now,
  });
}, 120_000);
afterAll(() => herald?.stop());

describe('plan.getChannels', () => {
  it("answers every channel with the registry's sendable flag", async () => {
    const answer = await admin.ok('plan.getChannels');
    expect(answer.channels).toEqual(CHANNELS.map((channel) => ({ channel, sendable: sendable(channel) })));
    expect(sendable('EMAIL')).toBe(true);
  });
});

describe('plan.getTestTargets', () => {
  it("lists the test accounts' addresses on the channel, never another account's, never a push token", async () => {
    expect((await admin.ok('plan.getTestTargets', { channel: 'SMS' })).targets).toEqual([{ name: 'Aki Sato', to: phone }]);
    expect((await admin.ok('plan.getTestTargets', { channel: 'LINE' })).targets).toEqual([{ name: 'Aki Sato', to: lineId }]);
    const push = await admin.ok('plan.getTestTargets', { channel: 'PUSH_NATIVE' });
    expect(push.targets.map((t) => t.to)).toEqual([deviceId]);
    expect(JSON.stringify(push)).not.toContain(pushToken);
    // another organization has no test accounts of its own here
    expect((await other.ok('plan.getTestTargets', { channel: 'SMS' })).targets).toEqual([]);
    expect((await admin.call('plan.getTestTargets', { channel: 'EMAIL' })).body.errorCode).toBe('400016');
  });
});

describe('plan.testSend', () => {
  if (sendable('SMS'))
    it('sends a test SMS through the SMS adapter to the stand-in, in the account language or the one asked', async () => {
      const id = await draft('SMS', smsContent);
      expect(await admin.ok('plan.testSend', { id, target: { channel: 'SMS', to: [phone.replace(/^(\+81)(90)/, '$1 $2 ')] } })).toEqual({ sent: 1, refused: [] });
      let mine = (await received(herald.standIns.endpoints.sms)).filter((r) => r.request.DestinationPhoneNumber === phone);
      // the account's locale is ja-JP: the Japanese text, personalised, without the footer the ja content leaves out
      expect(mine.map((r) => r.request.MessageBody)).toEqual(['Akiさん、本日セール']);
      expect(await admin.ok('plan.testSend', { id, target: { channel: 'SMS', to: [phone] }, language: 'en' })).toMatchObject({ sent: 1 });
      mine = (await received(herald.standIns.endpoints.sms)).filter((r) => r.request.DestinationPhoneNumber === phone);
      expect(mine[1].request.MessageBody).toMatch(/^Hi Aki, sale today\n.*STOP/s);
      expect(await admin.ok('plan.testSend', { id, target: { channel: 'SMS', to: [phone] }, language: 'ALL' })).toMatchObject({ sent: 2 });

      // typed as people in Japan type it: national, with full-width digits, read with the organization's country
      const { organization } = await admin.ok('systemSetting.detail');
      await admin.ok('systemSetting.save', { ...organization, defaultCountry: 'JP' });
      const national = `０${phone.slice(3, 5)}-${phone.slice(5, 9)}-${phone.slice(9)}`.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));
      expect(await admin.ok('plan.testSend', { id, target: { channel: 'SMS', to: [national] }, language: 'en' })).toMatchObject({ sent: 1 });
      const unreadable = await admin.call('plan.testSend', { id, target: { channel: 'SMS', to: ['0123'] } });
      expect(unreadable.body.errorCode).toBe('400016');
      await admin.ok('systemSetting.save', { ...(await admin.ok('systemSetting.detail')).organization, defaultCountry: organization.defaultCountry });
    });

  if (sendable('LINE'))
    it('sends a test LINE message to the test account user id', async () => {
      const { version } = await admin.ok('lineChannel.detail');
      await admin.ok('lineChannel.save', { channelId: '1234567890', accessToken: `tok${'x'.repeat(40)}`, channelSecret: 'f'.repeat(32), version });
      const id = await draft('LINE', lineContent);
      expect(await admin.ok('plan.testSend', { id, target: { channel: 'LINE', to: [lineId] }, language: 'en' })).toEqual({ sent: 1, refused: [] });
      const mine = (await received(herald.standIns.endpoints.line)).filter((r) => r.request.to === lineId);
      expect(mine.map((r) => r.request.messages)).toEqual([[{ type: 'text', text: 'Hello Aki' }]]);
    });

  if (sendable('PUSH_NATIVE'))
    it('refuses a device that is not a test device', async () => {
      const id = await draft('PUSH_NATIVE', pushContent);
      const device = await admin.call('plan.testSend', { id, target: { channel: 'PUSH_NATIVE', to: ['not-a-test-device'] } });
      expect(device.body.errorCode).toBe('400016');
    });

  if (sendable('DIRECT_MAIL'))
    it("answers a letter's PDF", async () => {
      const id = await draft('DIRECT_MAIL', letterContent);
      const answer = await admin.ok('plan.testSend', { id, target: { channel: 'DIRECT_MAIL' } });
      expect(answer.file?.contentType).toBe('application/pdf');
      expect(Buffer.from(answer.file!.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    });

  it('refuses an address no member or test address owns, a wrong channel, bad input and an unknown language with catalogue errors', async () => {
    const id = await draft('SMS', smsContent);
    const stranger = await admin.call('plan.testSend', { id, target: { channel: 'SMS', to: [strangerPhone] } });
    expect(stranger.body.errorCode).toBe('400016');
    expect(stranger.body.errorMessage).toContain(strangerPhone);
    const ja = await admin.call('plan.testSend', { id, target: { channel: 'SMS', to: [strangerPhone] } }, { 'x-lang': 'ja' });
    expect(ja.body.errorMessage).toContain('テスト用アドレス');
    expect((await admin.call('plan.testSend', { id, target: { channel: 'SMS', to: ['090-1234'] } })).body.errorCode).toBe('400016');
    expect((await admin.call('plan.testSend', { id, target: { channel: 'SMS', to: [] } })).body.errorCode).toBe('400016');
    expect((await admin.call('plan.testSend', { id, target: { channel: 'FAX', to: [phone] } })).body.errorCode).toBe('400016');
    expect((await admin.call('plan.testSend', { id, target: { channel: 'LINE', to: [lineId] } })).body.errorCode).toBe('720009');
    expect((await admin.call('plan.testSend', { id, target: { channel: 'SMS', to: [phone] }, language: 'fr' })).body.errorCode).toBe('400016');
    // nothing went to the stranger
    expect((await received(herald.standIns.endpoints.sms)).filter((r) => r.request.DestinationPhoneNumber === strangerPhone)).toEqual([]);
  });

  it("answers another organization's message as missing", async () => {
    const id = await draft('SMS', smsContent);
    const foreign = await other.call('plan.testSend', { id, target: { channel: 'SMS', to: [phone] } });
    const missing = await other.call('plan.testSend', { id: randomUUID(), target: { channel: 'SMS', to: [phone] } });
    expect(foreign.body.errorCode).toBe(missing.body.errorCode);
    expect(foreign.body.errorMessage).toBe(missing.body.errorMessage);
  });

  if (sendable('SMS'))
    it('counts against the test limit of the message, as test mails do', async () => {
      const id = await draft('SMS', smsContent);
      // fill the message's hour: 50 tests, then the next is refused with 400014
      for (let i = 0; i < 25; i++) await admin.ok('plan.testSend', { id, target: { channel: 'SMS', to: [phone] }, language: 'ALL' });
      const over = await admin.call('plan.testSend', { id, target: { channel: 'SMS', to: [phone] } });
      expect(over.body.errorCode).toBe('400014');
    });
});

// a channel the registry cannot send yet: its messages are refused, so no test of it can be sent either
for (const channel of CHANNELS.filter((c) => !sendable(c)))
  it(`refuses a ${channel} message while the channel cannot send`, async () => {
    const refused = await admin.call('plan.saveSingle', { name: `Test ${channel} ${randomUUID().slice(0, 6)}`, title: 'T', channel, content: CONTENT[channel] });
    expect(refused.body.errorCode).toBe('720009');
    expect((await admin.ok('plan.getChannels')).channels).toContainEqual({ channel, sendable: false });
  });

describe('plan.getReplacedTemplateMessage', () => {
  it("renders the message with an account's values in its language, or the one asked, or a sample's fallbacks", async () => {
    const id = await draft('SMS', smsContent);
    const asAccount = await admin.ok('plan.getReplacedTemplateMessage', { id, accountId: `tester-${tag}` });
    expect(asAccount).toMatchObject({ channel: 'SMS', language: 'ja', recipient: { accountId: `tester-${tag}`, name: expect.stringContaining('Aki') } });
    expect(asAccount.message.text).toContain('Akiさん、本日セール');
    const inEnglish = await admin.ok('plan.getReplacedTemplateMessage', { id, accountId: `tester-${tag}`, language: 'en' });
    expect(inEnglish.message.text).toContain('Hi Aki, sale today');
    expect(inEnglish.message.parts).toBeGreaterThanOrEqual(1);
    const sample = await admin.ok('plan.getReplacedTemplateMessage', { id });
    expect(sample).toMatchObject({ language: 'en', recipient: { name: 'sample' } });
    expect(sample.message.text).toContain('Hi there, sale today');
  });

  it('leaves an email’s links untracked and adds no open pixel', async () => {
    const id = await draft('EMAIL', {
      kind: 'EMAIL',
      template: {
        contents: {
          en: { subject: 'Hello {{firstName|friend}}', blocks: [{ type: 'button', text: 'Shop', href: 'https://example.com/shop' }] },
        },
      },
    });
    const { message } = await admin.ok('plan.getReplacedTemplateMessage', { id, accountId: `tester-${tag}` });
    expect(message.subject).toBe('Hello Aki');
    expect(message.html).toContain('https://example.com/shop');
    expect(message.html).not.toMatch(/\/t\/o\/|\/t\/c\//);
  });

  it('refuses bad input and another organization’s message or account with catalogue errors', async () => {
    const id = await draft('SMS', smsContent);
    expect((await admin.call('plan.getReplacedTemplateMessage', { id, language: 'fr' })).body.errorCode).toBe('400016');
    expect((await admin.call('plan.getReplacedTemplateMessage', { id, stepId: 'm1' })).body.errorCode).toBe('400016');
    expect((await admin.call('plan.getReplacedTemplateMessage', { id, accountId: 42 })).body.errorCode).toBe('400016');
    expect((await admin.call('plan.getReplacedTemplateMessage', {})).body.errorCode).toBe('400016');
    const missing = await other.call('plan.getReplacedTemplateMessage', { id: randomUUID() });
    const foreign = await other.call('plan.getReplacedTemplateMessage', { id });
    expect(foreign.body.errorCode).toBe(missing.body.errorCode);
    expect(foreign.body.errorMessage).toBe(missing.body.errorMessage);
    const otherDraft = (await other.ok('plan.saveSingle', { name: 'Theirs', title: 'T', channel: 'SMS', content: smsContent })).id;
    expect((await other.call('plan.getReplacedTemplateMessage', { id: otherDraft, accountId: `tester-${tag}` })).body.errorCode).toBe('720003');
  });
});
