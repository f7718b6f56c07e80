/**
 * Every channel of the registry and every kind of organization provider, each on its stand-in, through the one
 * exactly-once suite (tests/support/exactlyOnceSuite.ts): a worker killed at every call of a send, redelivered
 * twice in series and at once, a worker dying between the provider and the ledger, throttled recipients. The
 * stand-in of each is described below, in tables keyed by the registry: a channel or provider kind without its row
 * does not compile, so a new one cannot skip the suite. One Herald serves them all; the crash points tried are
 * printed at the end, by channel and provider.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Channel, CHANNELS } from '../../shared/delivery';
import { deviceKeyOf, inboxKeyOf, MESSAGE_PROVIDERS, type MessageProvider, PROVIDER_KINDS, type ProviderKind } from '../../shared/entities';
import { CHANNEL_ADAPTERS, type ChannelSender, orgProviderSender } from '../../functions/channels';
import { directMailAdapter } from '../../functions/channels/directMail';
import { letterKey, manifestKey, mergedKey } from '../../functions/channels/directMail/keys';
import { s3LetterSender } from '../../functions/channels/directMail/s3';
import { stopLetterWorker } from '../../functions/channels/letterPdfWorker';
import { lineRetryKey } from '../../functions/channels/line/retryKey';
import type { ProviderSender } from '../../functions/channels/providers';
import { Ledger } from '../../functions/delivery/ledger';
import type { Recipient } from '../../functions/delivery/messages';
import type { LocalHerald } from '../../functions/local/boot';
import { API_APP_PATHS, API_APP_STANDIN, type ApiAppReceived } from '../../functions/channels/push/standIns/apiApp';
import { EMAIL_API_PATH, EMAIL_API_STAND_IN_KEY, type ReceivedApiMail } from '../../functions/channels/email/standIns/emailApi';
import type { LineReceived } from '../../functions/channels/line/standIns/line';
import type { ReceivedPush } from '../../functions/channels/push/standIns/push';
import type { ReceivedSms } from '../../functions/channels/sms/standIns/sms';
import { type ReceivedSmtpMail, SMTP_STAND_IN_PASSWORD, SMTP_STAND_IN_USER } from '../../functions/channels/email/standIns/smtp';
import { type ReceivedTwilio, TWILIO_LOCAL_ACCOUNT } from '../../functions/channels/sms/standIns/twilio';
import type { Runtime } from '../../functions/platform/runtime';
import type { StoragePort } from '../../functions/platform/storage';
import { Store } from '../../functions/store/store';
import { crashTally } from '../support/crashHarness';
import { exactlyOnceSuite, type Run, type StandInTarget } from '../support/exactlyOnceSuite';
import { ApiClient, sentMail, startHerald } from '../support/herald';
import { sendHarness } from '../support/sendHarness';

let herald: LocalHerald;
let store: Store;
const harness = sendHarness(() => ({ queue: herald.queue, log: herald.rt.log }));
const tally = crashTally();
/** what beforeAll saved: the push applications, and each kind's provider record */
let pushAppId: string;
/** an OAuth and a bearer-token application on their server's stand-in */
const apiApps: string[] = [];
const providers = {} as Record<ProviderKind, MessageProvider>;
/** the senders made, closed at the end (an SMTP pool) */
const made: ChannelSender[] = [];

const LINE_TOKEN = randomBytes(129).toString('base64');
const tag = randomUUID().slice(0, 8);
let seq = 0;
const next = () => String(seq++).padStart(4, '0');
/** the stand-ins serve the whole test run: each address here is this file's own (no other file texts +1559) */
const digits = String(Math.floor(Math.random() * 90) + 10);

beforeAll(async () => {
  herald = await startHerald({
    config: { sms: { originationIdentity: '+12065550100', ttlSeconds: 3600 }, sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } },
  });
  store = new Store(herald.rt);
  const admin = new ApiClient(herald);
  await admin.login();
  admin.token = (await admin.ok('user.switchOrganization', { orgId: 1 })).accessToken;

  // push: an app with an APNs and an FCM channel, and an API application on its server's stand-in
  pushAppId = (await admin.ok('application.save', { name: `Once ${tag}`, appType: 'IOS', bundleId: 'com.example.once' })).id;
  const tokenKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  await admin.ok('pushChannelSetting.save', {
    title: 'iOS',
    appId: pushAppId,
    type: 'APNS_SANDBOX',
    authMethod: 'KEY',
    bundleId: 'com.example.once',
    teamId: 'TEAM123456',
    keyId: 'KEYID12345',
    tokenKey,
  });
  const fcmKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const serviceJson = JSON.stringify({ type: 'service_account', project_id: 'herald-once', private_key: fcmKey, client_email: 'push@herald-once.iam.gserviceaccount.com' });
  await admin.ok('pushChannelSetting.save', { title: 'Android', appId: pushAppId, type: 'GCM', serviceJson });
  const apiApp = herald.standIns.endpoints.apiApp;
  const oauth = { tokenUrl: `${apiApp}${API_APP_PATHS.token}`, clientId: API_APP_STANDIN.clientId, clientSecret: API_APP_STANDIN.clientSecret };
  for (const [appType, credentials] of [
    ['OAuth', oauth],
    ['BearerToken', { bearerToken: API_APP_STANDIN.bearerToken }],
  ] as const) {
    const saved = await admin.ok('application.save', { name: `Once ${appType} ${tag}`, appType, apiUrl: `${apiApp}${API_APP_PATHS[appType]}/${tag}`, ...credentials });
    apiApps.push(saved.id);
  }

  // LINE: the organization's channel access token
  await admin.ok('lineChannel.save', { channelId: '1657000000', accessToken: LINE_TOKEN, version: (await admin.ok('lineChannel.detail')).version });

  // one record of each provider kind (none the default: each is used by its own sender)
  const mail = herald.standIns.mailProviders;
  const settings: Record<ProviderKind, Record<string, unknown>> = {
    SES: { region: 'eu-west-1', fromEmail: 'news@ses-once.example', accessKey: 'AKIAONCESESEXAMPLE01', secretKey: 'once-ses-secret', configurationSetName: 'once-events' },
    SMTP: {
      host: mail.smtpHost,
      port: mail.smtpPort,
      smtpSecurity: 'STARTTLS',
      username: SMTP_STAND_IN_USER,
      password: SMTP_STAND_IN_PASSWORD,
      fromEmail: 'news@smtp-once.example',
    },
    EMAIL_API: { apiUrl: `${mail.emailApi}${EMAIL_API_PATH}`, apiKey: EMAIL_API_STAND_IN_KEY, fromEmail: 'news@api-once.example' },
    END_USER_MESSAGING_SMS: { region: 'ap-northeast-1', accessKey: 'AKIAONCESMSEXAMPLE01', secretKey: 'once-sms-secret', fromPhone: '+12065550199' },
    TWILIO: { username: TWILIO_LOCAL_ACCOUNT.sid, password: TWILIO_LOCAL_ACCOUNT.token, messagingServiceSid: `MG${'0123456789abcdef'.repeat(2)}` },
  };
  for (const kind of PROVIDER_KINDS) {
    const saved = await admin.ok('messageProvider.save', { title: `Once ${kind}`, provider: kind, isDefault: false, ...settings[kind] });
    providers[kind] = (await store.forOrg(1).get('messageProvider', saved.id))!;
  }
}, 120_000);

afterAll(async () => {
  console.log(tally.line());
  for (const s of made) await (s as ProviderSender).close?.();
  await herald?.stop();
  await stopLetterWorker();
});

// --- what each stand-in took, and how it is told to throttle

/** How many of `items` went to each recipient's address. */
function perRecipient<T>(list: readonly Recipient[], items: readonly T[], addressesOf: (item: T) => unknown[]): number[] {
  const counts = new Map<string, number>();
  for (const item of items) for (const a of addressesOf(item)) if (typeof a === 'string') counts.set(a, (counts.get(a) ?? 0) + 1);
  return list.map((r) => counts.get(r.address) ?? 0);
}

/** What a stand-in keeps (its `GET /_standin/received`). */
const receivedAt = async <T>(endpoint: string): Promise<T[]> => (await fetch(`${endpoint}/_standin/received`)).json() as Promise<T[]>;

/** A stand-in's own protocol: the next `times` sends to the address are answered throttled (functions/local/standins). */
const throttleAt = (endpoint: () => string) => (r: Recipient, times: number) =>
  fetch(`${endpoint()}/_standin/answers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address: r.address, answer: 'throttled', times }),
  }).then((res) => expect(res.status).toBe(200));

/**
 * For the stand-in that cannot be told to throttle (the local SES): the sender's answer is throttled before the
 * call, `times` times for the address, as the SES client's Throttling error is classified.
 */
function throttledFirst(make: () => ChannelSender) {
  const told = new Map<string, number>();
  let sender: ChannelSender | undefined;
  return {
    sender: (): ChannelSender => {
      sender ??= make();
      const real = sender;
      return {
        async send(m, route) {
          const to = (m as { to: string }).to;
          const left = told.get(to) ?? 0;
          if (left > 0) {
            told.set(to, left - 1);
            return { kind: 'throttled' };
          }
          return real.send(m, route);
        },
      };
    },
    throttle: async (r: Recipient, times: number) => void told.set(r.address, times),
  };
}

const once = <T extends ChannelSender>(make: () => T) => {
  let sender: T | undefined;
  return () => (sender ??= made[made.push(make()) - 1] as T);
};

const emails = async (n: number): Promise<Recipient[]> =>
  Array.from({ length: n }, (_, i) => ({ accountId: `${tag}-${next()}`, address: `once-${tag}-${next()}-${i}@example.com`, firstName: `R${i}`, consent: true }));
const numbers =
  (country: string) =>
  async (n: number): Promise<Recipient[]> =>
    Array.from({ length: n }, (_, i) => ({ accountId: `${tag}-${next()}`, address: `${country}${digits}${next()}`, firstName: `R${i}`, consent: true }));

const sesTaken = async (_run: Run, list: readonly Recipient[]) => perRecipient(list, await sentMail(herald), (m) => m.destination.to);
const smsTaken = async (_run: Run, list: readonly Recipient[]) =>
  perRecipient(list, await receivedAt<ReceivedSms>(herald.standIns.endpoints.sms), (r) => [r.request.DestinationPhoneNumber]);

// --- the channels' own providers

const apnsToken = () => randomBytes(32).toString('hex');

/** `n` accounts with one device each (of the app and push channel `of` names), stored, as recipients. */
async function devices(n: number, of: (i: number) => { appId: string; kind: 'APNS_SANDBOX' | 'GCM' | 'API' }): Promise<Recipient[]> {
  const kindOf = (i: number) => of(i).kind;
  const list: Recipient[] = Array.from({ length: n }, (_, i) => {
    const kind = kindOf(i);
    const address =
      kind === 'GCM'
        ? `${randomBytes(8).toString('base64url')}:APA91b${randomBytes(105).toString('base64url')}`
        : kind === 'API'
          ? `api-${randomBytes(12).toString('hex')}`
          : apnsToken();
    return { accountId: `${tag}-${next()}`, target: `d${i}`, address, firstName: `R${i}`, consent: true };
  });
  await store.putMany(
    'device',
    list.map((r, i) => ({
      accountKey: deviceKeyOf(1, r.accountId),
      deviceId: r.target!,
      orgId: 1,
      accountId: r.accountId,
      platform: kindOf(i) === 'GCM' ? ('ANDROID' as const) : kindOf(i) === 'API' ? ('OTHER' as const) : ('IOS' as const),
      channel: kindOf(i),
      pushToken: r.address,
      permission: 'ALWAYS' as const,
      active: true,
      source: 'SDK' as const,
      appId: of(i).appId,
      dateUpdated: 1,
    })),
  );
  return list;
}

/** The letters' storage as S3 answers: each letter stored counted by key; SlowDown for a recipient told so. */
const letters = (() => {
  const stored = new Map<string, number>();
  const slowDown = new Map<string, number>();
  const sender = once(() => {
    const base = herald.rt.ports.storage;
    const storage: StoragePort = {
      ...base,
      async put(key, body, contentType) {
        const told = [...slowDown].find(([accountId, left]) => left > 0 && key.endsWith(`/${accountId}.pdf`));
        if (told) {
          slowDown.set(told[0], told[1] - 1);
          // what the S3 client throws for a 503 SlowDown answer: nothing was stored
          throw Object.assign(new Error('Please reduce your request rate.'), { name: 'SlowDown', $metadata: { httpStatusCode: 503 } });
        }
        await base.put(key, body, contentType);
        stored.set(key, (stored.get(key) ?? 0) + 1);
      },
    };
    const rt: Runtime = { ...herald.rt, ports: { ...herald.rt.ports, storage } };
    return s3LetterSender(rt);
  });
  return { stored, slowDown, sender };
})();

async function bytesAt(key: string): Promise<Buffer> {
  const stored = await herald.rt.ports.storage.get(key);
  if (!stored) throw new Error(`nothing at ${key}`);
  const chunks: Buffer[] = [];
  for await (const c of stored.body) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

const deploymentSes = throttledFirst(() => CHANNEL_ADAPTERS.EMAIL.provider(herald.rt));

/** Each channel's own providers (the deployment's, as the worker gets them): push has two ways out. */
const CHANNEL_STAND_INS: { readonly [C in Channel]: Readonly<Record<string, StandInTarget>> } = {
  EMAIL: {
    SES: { channel: 'EMAIL', sender: deploymentSes.sender, recipients: emails, taken: sesTaken, throttle: deploymentSes.throttle },
  },
  SMS: {
    'End User Messaging SMS': {
      channel: 'SMS',
      sender: once(() => CHANNEL_ADAPTERS.SMS.provider(herald.rt)),
      recipients: numbers('+15591'),
      taken: smsTaken,
      throttle: throttleAt(() => herald.standIns.endpoints.sms),
    },
  },
  PUSH_NATIVE: {
    'APNs and FCM': {
      channel: 'PUSH_NATIVE',
      sender: once(() => CHANNEL_ADAPTERS.PUSH_NATIVE.provider(herald.rt)),
      recipients: (n) => devices(n, (i) => ({ appId: pushAppId, kind: i % 2 ? 'GCM' : 'APNS_SANDBOX' })),
      taken: async (_run, list) => perRecipient(list, await receivedAt<ReceivedPush>(herald.standIns.endpoints.pinpoint), (r) => [r.address]),
      throttle: throttleAt(() => herald.standIns.endpoints.pinpoint),
      // one inbox item per account however often its batch came
      afterDuplicates: async (list) => {
        for (const r of list.slice(0, 3)) expect(await store.queryAll('inboxItem', { name: 'accountKey', value: inboxKeyOf(1, r.accountId) })).toHaveLength(1);
      },
    },
    'API applications': {
      channel: 'PUSH_NATIVE',
      sender: once(() => CHANNEL_ADAPTERS.PUSH_NATIVE.provider(herald.rt)),
      // every other device an OAuth application's: its token fetched and reused within the batch
      recipients: (n) => devices(n, (i) => ({ appId: apiApps[i % 2]!, kind: 'API' })),
      // what its server accepted (a throttled push is answered 429 and kept as such)
      taken: async (_run, list) =>
        perRecipient(
          list,
          (await receivedAt<ApiAppReceived>(herald.standIns.endpoints.apiApp)).filter((r) => r.status === 200),
          (r) => [r.body.pushToken],
        ),
      throttle: throttleAt(() => herald.standIns.endpoints.apiApp),
    },
  },
  LINE: {
    'the Messaging API': {
      channel: 'LINE',
      sender: once(() => CHANNEL_ADAPTERS.LINE.provider(herald.rt)),
      recipients: async (n) =>
        Array.from({ length: n }, (_, i) => ({ accountId: `${tag}-${next()}`, address: `U${randomBytes(16).toString('hex')}`, firstName: `R${i}`, consent: true })),
      taken: async (_run, list) => perRecipient(list, await receivedAt<LineReceived>(herald.standIns.endpoints.line), (r) => [r.request.to]),
      throttle: throttleAt(() => herald.standIns.endpoints.line),
      // each asked with the retry key of (plan, run, recipient): a retry after a lost answer is answered 409
      eachOnce: async (run, list) => {
        const held = await receivedAt<LineReceived>(herald.standIns.endpoints.line);
        for (const r of list) {
          expect(held.find((h) => h.request.to === r.address)?.retryKey).toBe(
            lineRetryKey({ orgId: String(run.orgId), planId: run.planId, runId: run.runId, recipient: r.accountId }),
          );
        }
      },
    },
  },
  DIRECT_MAIL: {
    S3: {
      channel: 'DIRECT_MAIL',
      sender: letters.sender,
      recipients: async (n) =>
        Array.from({ length: n }, (_, i) => ({ accountId: `${tag}-${next()}`, address: `R${i}\n${i} Letter Lane\nTown ${next()}`, firstName: `R${i}`, consent: true })),
      taken: async (run, list) => list.map((r) => letters.stored.get(letterKey(run, r.accountId)) ?? 0),
      throttle: async (r, times) => void letters.slowDown.set(r.accountId, times),
      // the provider id is the letter's key
      eachOnce: async (run, list) => {
        const record = await new Ledger(store, herald.rt.clock).recordOf({ ...run, channel: 'DIRECT_MAIL', accountId: list[0]!.accountId });
        expect(record).toMatchObject({ status: 'SENT', providerId: letterKey(run, list[0]!.accountId) });
      },
      // the print run holds the letters the ledger knows were stored, not the uncertain one
      afterUncertain: async (run, list, uncertain) => {
        await directMailAdapter.afterRun!(run, store.forOrg(run.orgId));
        const csv = (await bytesAt(manifestKey(run))).toString('utf8');
        expect(csv.trimEnd().split('\r\n')).toHaveLength(list.length);
        expect(csv).not.toContain(uncertain.accountId);
        expect((await PDFDocument.load(await bytesAt(mergedKey(run)))).getPageCount()).toBe(list.length - 1);
      },
    },
  },
};

// --- the organizations' own providers, each through its own record

const orgSender = (kind: ProviderKind) => once(() => orgProviderSender(providers[kind], herald.rt));
const orgSes = throttledFirst(orgSender('SES'));

const PROVIDER_STAND_INS: { readonly [K in ProviderKind]: StandInTarget } = {
  SES: { channel: 'EMAIL', sender: orgSes.sender, recipients: emails, taken: sesTaken, throttle: orgSes.throttle },
  SMTP: {
    channel: 'EMAIL',
    sender: orgSender('SMTP'),
    recipients: emails,
    taken: async (_run, list) => perRecipient(list, await receivedAt<ReceivedSmtpMail>(herald.standIns.mailProviders.smtp), (m) => m.envelope.to),
    throttle: throttleAt(() => herald.standIns.mailProviders.smtp),
  },
  EMAIL_API: {
    channel: 'EMAIL',
    sender: orgSender('EMAIL_API'),
    recipients: emails,
    taken: async (_run, list) => perRecipient(list, await receivedAt<ReceivedApiMail>(herald.standIns.mailProviders.emailApi), (m) => m.to),
    throttle: throttleAt(() => herald.standIns.mailProviders.emailApi),
  },
  END_USER_MESSAGING_SMS: {
    channel: 'SMS',
    sender: orgSender('END_USER_MESSAGING_SMS'),
    recipients: numbers('+15592'),
    taken: smsTaken,
    throttle: throttleAt(() => herald.standIns.endpoints.sms),
  },
  TWILIO: {
    channel: 'SMS',
    sender: orgSender('TWILIO'),
    recipients: numbers('+15593'),
    taken: async (_run, list) => perRecipient(list, await receivedAt<ReceivedTwilio>(herald.standIns.endpoints.twilio), (r) => [r.request.To]),
    throttle: throttleAt(() => herald.standIns.endpoints.twilio),
  },
};

describe('the stand-in tables', () => {
  it('name every channel of the registry and every provider kind, each of its own channel', () => {
    expect(Object.keys(CHANNEL_STAND_INS).sort()).toEqual([...CHANNELS].sort());
    for (const c of CHANNELS) {
      expect(Object.keys(CHANNEL_STAND_INS[c]).length, c).toBeGreaterThan(0);
      for (const t of Object.values(CHANNEL_STAND_INS[c])) expect(t.channel).toBe(c);
    }
    expect(Object.keys(PROVIDER_STAND_INS).sort()).toEqual([...PROVIDER_KINDS].sort());
    for (const [c, kinds] of Object.entries(MESSAGE_PROVIDERS)) for (const k of kinds) expect(PROVIDER_STAND_INS[k].channel).toBe(c);
  });
});

const world = () => ({ herald, store, harness });
for (const c of CHANNELS) for (const [name, t] of Object.entries(CHANNEL_STAND_INS[c])) exactlyOnceSuite(`${c} through ${name}`, t, world, tally);
for (const k of PROVIDER_KINDS) exactlyOnceSuite(`${PROVIDER_STAND_INS[k].channel} through an organization’s ${k}`, PROVIDER_STAND_INS[k], world, tally);
