/**
 * An organization's own e-mail and SMS providers (/push-channel, spec 001 3.9): what each provider needs, its
 * secrets sealed and never answered, one default per channel, another organization's providers answering as
 * missing, and sends routed to the organization's own default provider (SES in its own account here, on the SES
 * stand-in) while an organization without one keeps the deployment's.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_ADAPTERS } from '../../functions/channels';
import type { Outbound } from '../../functions/channels/sender';
import { Store } from '../../functions/store/store';
import type { LocalHerald } from '../../functions/local/boot';
import { sentMail, startHerald } from '../support/herald';
import { type Callers, twoOrganizations } from '../support/organizations';

let herald: LocalHerald;
let callers: Callers;

beforeAll(async () => {
  herald = await startHerald();
  callers = await twoOrganizations(herald, 'prov');
});
afterAll(() => herald?.stop());

const ses = (over: Record<string, unknown> = {}) => ({
  title: `Bank SES ${randomUUID().slice(0, 6)}`,
  provider: 'SES',
  isDefault: false,
  enabled: true,
  region: 'ap-northeast-1',
  fromEmail: 'news@bank.example',
  replyEmail: 'care@bank.example',
  accessKey: 'AKIAORGEXAMPLE000001',
  secretKey: 'org-secret-key-never-shown',
  configurationSetName: 'bank-events',
  ...over,
});

function mail(to: string): Outbound {
  return { channel: 'EMAIL', to, from: herald.rt.config.mailFrom, subject: `Routed ${to}`, html: '<p>Hi</p>', text: 'Hi', headers: {}, tags: {} };
}

describe('saving a provider', () => {
  it('refuses what a provider needs, naming the field in the reader’s language', async () => {
    const { admin } = callers;
    const noRegion = await admin.call('messageProvider.save', ses({ region: '' }), { 'x-lang': 'ja' });
    expect(noRegion.body.errorCode).toBe('400016');
    expect(noRegion.body.errorMessage).toContain('リージョンを入力してください');
    const noKeys = await admin.call('messageProvider.save', ses({ accessKey: '', secretKey: '' }));
    expect(noKeys.body.errorMessage).toContain('Please input an access key and secret key, or a role ARN.');
    const twilio = await admin.call('messageProvider.save', { title: 'Twilio', provider: 'TWILIO', username: 'AC1', password: 'x' }, { 'x-lang': 'zh' });
    expect(twilio.body.state).toBe('F');
    const badRegion = await admin.call('messageProvider.save', ses({ region: 'tokyo' }));
    expect(badRegion.body.errorMessage).toContain('ap-northeast-1');
    const noProvider = await admin.call('messageProvider.save', { title: 'Nothing' }, { 'x-lang': 'zh' });
    expect(noProvider.body.state).toBe('F');
  });

  it('seals the secret: no answer carries it, an edit without it keeps it, a role gets an external id', async () => {
    const { admin } = callers;
    const saved = await admin.ok('messageProvider.save', ses());
    const raw = JSON.stringify([saved, await admin.ok('messageProvider.detail', { id: saved.id }), await admin.ok('messageProvider.getListByPage', { page: 0, size: 50 })]);
    expect(raw).not.toContain('org-secret-key-never-shown');
    expect(raw).not.toContain('Sealed');
    expect(saved).toMatchObject({ secretKeySet: true, channelType: 'EMAIL' });
    const edited = await admin.ok('messageProvider.save', { ...ses(), title: saved.title, id: saved.id, version: saved.version, secretKey: '' });
    expect(edited.secretKeySet).toBe(true);
    const role = await admin.ok('messageProvider.save', ses({ accessKey: '', secretKey: '', roleArn: 'arn:aws:iam::123456789012:role/HeraldSes' }));
    expect(role.externalId).toMatch(/^herald-[0-9a-f]{32}$/);
  });

  it('keeps one default per channel: a new e-mail default clears the old one, an SMS default is left alone', async () => {
    const { admin } = callers;
    const first = await admin.ok('messageProvider.save', ses({ isDefault: true }));
    const second = await admin.ok('messageProvider.save', ses({ isDefault: true }));
    const list = (await admin.ok('messageProvider.getListByPage', { page: 0, size: 50 })).list as { id: string; isDefault: boolean; channelType: string }[];
    expect(list.find((p) => p.id === first.id)?.isDefault).toBe(false);
    expect(list.find((p) => p.id === second.id)?.isDefault).toBe(true);
    expect(list.filter((p) => p.channelType === 'EMAIL' && p.isDefault)).toHaveLength(1);
    await admin.ok('messageProvider.delete', { id: second.id });
  });

  it('answers another organization’s provider as missing', async () => {
    const saved = await callers.admin.ok('messageProvider.save', ses());
    for (const call of [
      callers.other.call('messageProvider.detail', { id: saved.id }),
      callers.other.call('messageProvider.test', { id: saved.id, to: 'a@example.com' }),
      callers.other.call('messageProvider.delete', { id: saved.id }),
    ])
      expect((await call).body.errorCode).toBe('720003');
    const nobody = await callers.nobody.call('messageProvider.getListByPage', { page: 0, size: 10 });
    expect(nobody.body.state).toBe('F');
    await callers.admin.ok('messageProvider.delete', { id: saved.id });
  });
});

describe('sending through the organization’s provider', () => {
  it('sends organization 1’s e-mail from its own SES sender and leaves the other organization on the deployment’s', async () => {
    const { admin, other } = callers;
    const own = await admin.ok('messageProvider.save', ses({ isDefault: true }));
    const otherOrg = (await other.ok('auth.validToken')).orgId;
    const sender = CHANNEL_ADAPTERS.EMAIL.provider(herald.rt);
    const mine = `mine-${randomUUID().slice(0, 8)}@example.com`;
    const theirs = `theirs-${randomUUID().slice(0, 8)}@example.com`;
    const store = new Store(herald.rt);
    await Promise.all([sender.send(mail(mine), { tenant: store.forOrg(1) }), sender.send(mail(theirs), { tenant: store.forOrg(otherOrg) })]);
    const sent = await sentMail(herald);
    const got = (to: string) => sent.find((m) => m.destination.to.includes(to)) as unknown as { from: string; replyTo: string[] };
    expect(got(mine)).toMatchObject({ from: 'news@bank.example', replyTo: ['care@bank.example'] });
    expect(got(theirs).from).toBe(herald.rt.config.mailFrom);
    await admin.ok('messageProvider.delete', { id: own.id });
  });

  it('tests a provider with a real message and reports its answer in the reader’s language', async () => {
    const { admin } = callers;
    const saved = await admin.ok('messageProvider.save', ses());
    const to = `test-${randomUUID().slice(0, 8)}@example.com`;
    const answer = await admin.call<{ status: string; message: string }>('messageProvider.test', { id: saved.id, to }, { 'x-lang': 'ja' });
    expect(answer.payload).toMatchObject({ status: 'SENT' });
    expect(answer.payload.message).toContain('送信しました');
    const got = (await sentMail(herald)).find((m) => m.destination.to.includes(to));
    expect(got?.subject).toContain(saved.title);
    // the e-mail channel's adapter refuses what is no e-mail address, in the reader's language
    const badAddress = await admin.call('messageProvider.test', { id: saved.id, to: 'not an address' }, { 'x-lang': 'ja' });
    expect(badAddress.body.errorCode).toBe('400016');
    expect(badAddress.body.errorMessage).toContain('テストの送信先メールアドレスを入力してください。');
  });
});
