/**
 * Every channel through the browser (issue 20, must show): for push, SMS, LINE and letters a library template
 * (en and ja, set up through the API) is chosen in the Create New Notification wizard, the message goes through
 * segmentation, trigger (and a letter's Company step) and review, is sent to review and approved, and the
 * pipeline delivers it to the channel's stand-in: what the stand-in holds is what the content says, in English
 * for the en recipient and in Japanese for the ja one. The message viewer shows it on the channel's tab. axe
 * on every new screen. A channel the server's registry cannot send yet is shown so in the wizard and refused.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { CHANNEL_ADAPTERS } from '../../functions/channels';
import { CHANNELS } from '../../shared/delivery';
import { ASSET_BUCKET } from '../../functions/local/standins';
import { recordInboundSms } from '../../functions/channels/sms/inbound';
import { Store } from '../../functions/store/store';
import { renderSms } from '../../shared/content';
import { accountKey, deviceKeyOf } from '../../shared/entities';
import { createSdkClient } from '../../shared/sdk/client';
import { countSms } from '../../shared/sms/segments';
import type { ApiClient } from '../support/herald';
import { received } from '../support/channelStandIns';
import { ApiClient as Client } from '../support/herald';
import { browserSuite, closeToasts, expectAccessible, openPage, signIn, userWithRole, waitForPath } from './browser';

const suite = browserSuite({ config: { sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } } });
const APPROVER = { username: 'kai.approver', password: 'Approve@1234' };
const tag = randomUUID().slice(0, 6);
let approverId: string;
let approver: ApiClient;

/** the server's own registry answers which channels send (plan.getChannels reads it too) */
const sendable = (channel: keyof typeof CHANNEL_ADAPTERS) => CHANNEL_ADAPTERS[channel].sendable;

type Case = 'SMS' | 'PUSH_NATIVE' | 'LINE' | 'DIRECT_MAIL';
const COUNTRY: Record<Case, string> = { SMS: 'SG', PUSH_NATIVE: 'KR', LINE: 'TW', DIRECT_MAIL: 'FR' };
const SEGMENT = (c: Case) => `Channel ${c} ${tag}`;
const TEMPLATE = (c: Case) => `Template ${c} ${tag}`;
const digits = () => String(Math.floor(Math.random() * 1e8)).padStart(8, '0');

/** two recipients per channel: one reads English, one Japanese */
const people = {
  en: {
    id: `en-${tag}`,
    firstName: 'Alex',
    locale: 'en-US',
    phone: `+6591${digits().slice(0, 6)}`,
    line: `U${randomBytes(16).toString('hex')}`,
    token: randomBytes(32).toString('hex'),
  },
  ja: {
    id: `ja-${tag}`,
    firstName: 'Aki',
    locale: 'ja-JP',
    phone: `+6598${digits().slice(0, 6)}`,
    line: `U${randomBytes(16).toString('hex')}`,
    token: randomBytes(32).toString('hex'),
  },
};

const TEMPLATES: Record<Case, unknown> = {
  SMS: {
    channel: 'SMS',
    defaultLanguage: 'en',
    contents: {
      en: { text: 'Hi {{firstName}}, the spring sale starts today.', stopFooter: true },
      ja: { text: '{{firstName}}さん、春のセールが今日から始まります。', stopFooter: true },
    },
  },
  PUSH_NATIVE: {
    channel: 'PUSH_NATIVE',
    defaultLanguage: 'en',
    contents: {
      en: {
        title: 'Spring sale',
        body: 'Hello {{firstName}}, it starts today',
        buttons: [
          { text: 'Shop now', action: 'WEBSITE', value: 'https://example.com/sale' },
          { text: 'Later', action: 'CLOSE', value: '' },
        ],
      },
      ja: {
        title: '春のセール',
        body: '{{firstName}}さん、今日から',
        buttons: [
          { text: '今すぐ見る', action: 'WEBSITE', value: 'https://example.com/sale' },
          { text: 'あとで', action: 'CLOSE', value: '' },
        ],
      },
    },
  },
  LINE: {
    channel: 'LINE',
    defaultLanguage: 'en',
    contents: {
      en: { messages: [{ type: 'text', text: 'Hello {{firstName}}, the sale starts today.' }] },
      ja: { messages: [{ type: 'text', text: '{{firstName}}さん、セールは今日からです。' }] },
    },
  },
  DIRECT_MAIL: {
    channel: 'DIRECT_MAIL',
    defaultLanguage: 'en',
    contents: {
      en: {
        recipientBlock: '{{firstName}} {{lastName}}\n{{attributes.address}}',
        subject: 'Your spring catalogue',
        body: 'Dear {{firstName}},\nour catalogue is here.',
        closing: 'Kind regards',
      },
      ja: { recipientBlock: '{{lastName}} {{firstName}} 様\n{{attributes.address}}', subject: '春のカタログ', body: '{{firstName}}様\nカタログをお届けします。', closing: '敬具' },
    },
  },
};

let company = '';

beforeAll(async () => {
  const { herald, admin } = suite;
  const store = new Store(herald.rt);
  const now = herald.rt.clock.now();
  const audit = { version: 1, dateCreated: now, dateUpdated: now, createdBy: 'test', updatedBy: 'test' };
  ({ userId: approverId } = await userWithRole(admin, { ...APPROVER, permissions: ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_PASS', 'PLAN_REJECT', 'MESSAGE_TYPE_AD_HOC'] }));
  approver = new Client(herald);
  await approver.login(APPROVER.username, APPROVER.password);

  // the providers' settings: a push application with its APNs channel, a LINE channel, a sending company
  const app = await admin.ok('application.save', { name: `Channels app ${tag}`, appType: 'IOS', bundleId: 'com.example.channels' });
  const tokenKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  await admin.ok('pushChannelSetting.save', {
    title: 'iOS',
    appId: app.id,
    type: 'APNS_SANDBOX',
    authMethod: 'KEY',
    bundleId: 'com.example.channels',
    teamId: 'TEAM123456',
    keyId: 'KEYID12345',
    tokenKey,
    isDefault: true,
  });
  await admin.ok('lineChannel.save', {
    channelId: '1657000000',
    accessToken: randomBytes(40).toString('base64url'),
    channelSecret: randomBytes(16).toString('hex'),
    version: (await admin.ok('lineChannel.detail')).version,
  });
  company = `Herald Print ${tag}`;
  await admin.ok('company.save', {
    company,
    directMailType: 'LETTER',
    fullName: 'Herald Print Co., Ltd.',
    address: '1-2-3 Example, Tokyo',
    website: 'https://example.com',
    name: 'Mina',
    phone: '+81 3 1234 5678',
    email: 'print@example.com',
  });

  for (const c of Object.keys(COUNTRY) as Case[]) {
    for (const [lang, p] of Object.entries(people)) {
      const id = `${p.id}-${c}`;
      await store.put('account', {
        ...accountKey(1, id),
        orgId: 1,
        emails: [`${id}@example.com`],
        phones: [p.phone],
        lineUserId: p.line,
        address: { recipientName: p.firstName, lines: ['1 Sample Road'], city: 'Paris', postcode: '75001', country: 'FR' },
        firstName: p.firstName,
        lastName: lang === 'ja' ? '佐藤' : 'Smith',
        locale: p.locale,
        country: COUNTRY[c],
        emailConsent: true,
        smsConsent: true,
        pushConsent: true,
        lineConsent: true,
        tags: [],
        attributes: { address: '1 Sample Road, Paris' },
        ...audit,
      });
      if (c === 'PUSH_NATIVE') {
        await store.put('device', {
          accountKey: deviceKeyOf(1, id),
          deviceId: `dev-${id}`,
          orgId: 1,
          accountId: id,
          appId: app.id,
          platform: 'IOS',
          channel: 'APNS_SANDBOX',
          pushToken: p.token,
          permission: 'ALWAYS',
          active: true,
          source: 'SDK',
          dateUpdated: now,
        });
      }
    }
    await store.put('segment', {
      orgId: 1,
      id: randomUUID(),
      name: SEGMENT(c),
      description: '',
      rule: { op: 'AND', conditions: [{ field: 'country', operator: 'equals', value: COUNTRY[c] }] },
      ...audit,
    });
    if (sendable(c)) await admin.ok('templateMessage.save', { name: TEMPLATE(c), template: TEMPLATES[c] });
  }
});

async function pick(page: Page, inputId: string, option: string): Promise<void> {
  await page.locator(`.p-dropdown:has(#${inputId})`).click();
  await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: option }).first().click();
  await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
}

async function accessible(page: Page, label: string): Promise<void> {
  await closeToasts(page);
  await expectAccessible(page, label);
}

/** The wizard from a library template to "Send to review"; answers the message's id once an approver passed it. */
async function writeAndApprove(channel: Case): Promise<string> {
  const { page, context } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/campaigns/new-single`);
  await page.getByRole('heading', { name: 'Create New Notification' }).waitFor();
  await page.fill('#plan-name', `Spring ${channel} ${tag}`);
  await page.fill('#plan-title', 'Spring');
  await page.locator(`label[for="plan-channel-${channel}"]`).click();
  await pick(page, 'plan-template', TEMPLATE(channel));
  await page.getByRole('button', { name: 'Use this template' }).click();
  await page.locator('.p-toast-message', { hasText: 'was copied into the message' }).waitFor();
  // the used button is disabled now: the focus moved on to the content it filled
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('channel-content-title');
  await accessible(page, `the wizard's content step, ${channel}`);
  await page.getByRole('button', { name: 'Next' }).click();

  const total = channel === 'DIRECT_MAIL' ? 5 : 4;
  await page.getByRole('heading', { name: `Step 2 of ${total}: Segmentation` }).waitFor();
  await pick(page, 'plan-segment', SEGMENT(channel));
  // the reach is the chosen channel's
  await expect.poll(() => page.getByTestId('segment-reach').first().textContent()).toMatch(/^2 of 2 can receive/);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: `Step 3 of ${total}: Trigger` }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  if (channel === 'DIRECT_MAIL') {
    await page.getByRole('heading', { name: 'Step 4 of 5: Company' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await page.locator('#plan-company-error').textContent()).toBe('Please choose the company!');
    await pick(page, 'plan-company', company);
    await page.getByTestId('company-details').waitFor();
    await accessible(page, "the wizard's Company step");
    await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByRole('heading', { name: `Step ${total} of ${total}: Review` }).waitFor();
  if (channel === 'SMS') {
    const en = countSms(renderSms((TEMPLATES.SMS as any).contents.en, 'en'));
    await expect.poll(() => page.getByTestId('review-sms-parts').textContent()).toContain(`${en.segments} part(s), ${en.encoding}`);
    await expect.poll(() => page.getByTestId('review-sms-cost').textContent()).toContain(`${en.segments * 2} parts in all`);
  }
  await page.locator('.participant-list').waitFor();
  await accessible(page, `the wizard's review, ${channel}`);
  await page.check(`#participant-${approverId}`);
  await page.getByRole('button', { name: 'Send to review' }).click();
  await waitForPath(page, '/campaigns/detail');
  const id = new URL(page.url().replace('#', '')).searchParams.get('id')!;
  await context.close();

  const pending = await approver.ok('plan.detail', { id });
  expect(pending.channel).toBe(channel);
  await approver.ok('planAction.pass', { id, version: pending.version });
  await suite.herald.delivery.idle();
  await expect.poll(async () => (await suite.admin.ok('plan.detail', { id })).status, { timeout: 30_000 }).toBe('DEPLOYED');
  return id;
}

/** The message viewer's tab of a channel, in a browser asking for `lang`: it shows `text`, and axe finds nothing. */
async function viewerShows(path: string, lang: string, text: string): Promise<void> {
  const context = await suite.browser.newContext({ locale: lang });
  const page = await context.newPage();
  await page.goto(`${suite.herald.standIns.mailViewerUrl.replace(/\/$/, '')}${path}`);
  await page.getByText(text).first().waitFor();
  await expectAccessible(page, `the message viewer ${path} (${lang})`);
  await context.close();
}

it('the wizard offers every channel, as the server says it can send', async () => {
  const answer = await suite.admin.ok('plan.getChannels');
  expect(answer.channels).toEqual(CHANNELS.map((channel) => ({ channel, sendable: sendable(channel) })));
  const { page, context } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/campaigns/new-single`);
  await page.getByRole('heading', { name: 'Create New Notification' }).waitFor();
  await expect.poll(() => page.getByText('(cannot be sent yet)').count()).toBe(CHANNELS.filter((c) => !sendable(c)).length);
  // every channel is disabled until the server's answer arrives: wait for each one's final state
  for (const channel of CHANNELS) await expect.poll(() => page.locator(`#plan-channel-${channel}`).isDisabled(), { message: channel }).toBe(!sendable(channel));
  await context.close();
});

// a channel the registry cannot send yet: the server refuses its messages (the wizard shows it disabled, above)
for (const channel of (Object.keys(COUNTRY) as Case[]).filter((c) => !sendable(c)))
  it(`refuses a ${channel} message while the channel cannot send`, async () => {
    const refused = await suite.admin.call('plan.saveSingle', { name: `Refused ${channel} ${tag}`, title: 'T', channel, content: { kind: channel, template: TEMPLATES[channel] } });
    expect(refused.body.errorCode).toBe('720009');
  });

if (sendable('SMS'))
  it('an SMS message goes through the wizard and approval to the SMS stand-in, in en and ja, with its parts', async () => {
    await writeAndApprove('SMS');
    for (const [lang, p] of Object.entries(people)) {
      const mine = await received(suite.herald.standIns.endpoints, 'sms', [p.phone]);
      const want = renderSms((TEMPLATES.SMS as any).contents[lang], lang, { firstName: p.firstName });
      expect(mine.map((r) => r.request.MessageBody)).toEqual([want]);
      expect(mine[0].parts).toBe(countSms(want).segments);
    }
    await viewerShows('/messages/sms', 'ja-JP', 'Akiさん、春のセールが今日から始まります。');
  });

if (sendable('PUSH_NATIVE'))
  it('a push message reaches each device with its title, body and buttons, in en and ja', async () => {
    await writeAndApprove('PUSH_NATIVE');
    for (const [lang, p] of Object.entries(people)) {
      const mine = await received(suite.herald.standIns.endpoints, 'pinpoint', [p.token]);
      expect(mine).toHaveLength(1);
      const apns = mine[0].request.MessageConfiguration.APNSMessage;
      const content = (TEMPLATES.PUSH_NATIVE as any).contents[lang];
      expect(apns.Title).toBe(content.title);
      expect(apns.Body).toBe(content.body.replace('{{firstName}}', p.firstName));
      const raw = JSON.parse(apns.RawContent);
      expect(raw.herald.buttons.map((b: { text: string; action: string }) => [b.text, b.action])).toEqual(
        content.buttons.map((b: { text: string; action: string }) => [b.text, b.action]),
      );
    }
    await viewerShows('/messages/push', 'en-US', 'Hello Alex, it starts today');
  });

if (sendable('LINE'))
  it('a LINE message arrives as the content says, each recipient in their language', async () => {
    await writeAndApprove('LINE');
    for (const [lang, p] of Object.entries(people)) {
      const mine = await received(suite.herald.standIns.endpoints, 'line', [p.line]);
      expect(mine).toHaveLength(1);
      const text = (TEMPLATES.LINE as any).contents[lang].messages[0].text.replace('{{firstName}}', p.firstName);
      expect(mine[0].request.messages).toEqual([{ type: 'text', text }]);
    }
    await viewerShows('/messages/line', 'ja-JP', 'Akiさん、セールは今日からです。');
  });

if (sendable('DIRECT_MAIL'))
  it("a letter is printed per recipient into the run's folder, with its company", async () => {
    const id = await writeAndApprove('DIRECT_MAIL');
    const plan = await suite.admin.ok('plan.detail', { id });
    expect((plan.content as { template: { companyId?: string } }).template.companyId).toBeTruthy();
    const s3 = new S3Client({
      endpoint: suite.herald.standIns.endpoints.s3,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: ASSET_BUCKET, Prefix: suite.herald.rt.config.tablePrefix }));
    const files = (listed.Contents ?? []).map((o) => o.Key!).filter((k) => k.includes(`/${encodeURIComponent(id)}/`));
    // one PDF per recipient in the run's folder; the merged PDF and the manifest beside it
    const letters = files.filter((k) => new RegExp(`/${encodeURIComponent(id)}/[^/]+/[^/]+\\.pdf$`).test(k));
    expect(files.filter((k) => !letters.includes(k)).map((k) => k.slice(k.lastIndexOf('.')))).toEqual(expect.arrayContaining(['.pdf']));
    expect(letters.map((k) => decodeURIComponent(k.slice(k.lastIndexOf('/') + 1, -4))).sort()).toEqual([`${people.en.id}-DIRECT_MAIL`, `${people.ja.id}-DIRECT_MAIL`].sort());
    // each letter in its recipient's language: the PDF is titled with the subject it prints
    for (const [lang, p] of Object.entries(people)) {
      const key = letters.find((k) => k.endsWith(`/${p.id}-DIRECT_MAIL.pdf`))!;
      const bytes = await (await s3.send(new GetObjectCommand({ Bucket: ASSET_BUCKET, Key: key }))).Body!.transformToByteArray();
      const pdf = await PDFDocument.load(bytes);
      expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
      expect(pdf.getTitle()).toBe((TEMPLATES.DIRECT_MAIL as any).contents[lang].subject);
    }
    await viewerShows('/messages/letters', 'en-US', `${people.ja.id}-DIRECT_MAIL`);

    // the run's files download from its sent records: the merged letters and the print vendor's manifest
    const { context, page } = await openPage(suite.browser);
    await signIn(page, `${suite.herald.portalUrl}#/campaigns/detail?id=${id}&tab=sentRecords`);
    const runFiles = page.getByTestId('letter-files');
    await runFiles.getByText("This sending's letters for the print vendor:").waitFor();
    await expect.poll(() => page.getByTestId('sent-records').locator('tbody tr').count()).toBe(2);
    await accessible(page, "a letter run's sent records with its files");
    for (const [button, name] of [
      ['Letters (PDF)', /\.pdf$/],
      ['Print manifest (CSV)', /\.csv$/],
    ] as const) {
      const download = page.waitForEvent('download');
      await runFiles.getByRole('button', { name: button }).click();
      expect((await download).suggestedFilename()).toMatch(name);
    }
    const one = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download the letter to ${people.ja.id}` }).click();
    expect((await one).suggestedFilename()).toMatch(/\.pdf$/);

    // the same downloads from the message console, in Japanese: the run's sends, its files and each letter
    await page.evaluate(() => localStorage.setItem('herald.lang', 'ja'));
    await page.goto(`${suite.herald.portalUrl}#/library/message-console/campaigns`);
    await page.reload();
    await page
      .getByRole('link', { name: `Spring DIRECT_MAIL ${tag} の送信` })
      .first()
      .click();
    await waitForPath(page, '/library/message-console/campaigns/records');
    const consoleFiles = page.getByTestId('letter-files');
    await consoleFiles.getByText('この送信の印刷会社向けの手紙：').waitFor();
    await expect.poll(() => page.getByTestId('console-sends').locator('tbody tr').count()).toBe(2);
    await accessible(page, "a letter run's sends in the message console with its files (ja)");
    for (const [button, name] of [
      ['手紙（PDF）', /\.pdf$/],
      ['印刷一覧（CSV）', /\.csv$/],
    ] as const) {
      const download = page.waitForEvent('download');
      await consoleFiles.getByRole('button', { name: button }).click();
      expect((await download).suggestedFilename()).toMatch(name);
    }
    const letter = page.waitForEvent('download');
    await page.getByRole('button', { name: `${people.en.id}-DIRECT_MAIL 宛ての手紙をダウンロード` }).click();
    expect((await letter).suggestedFilename()).toMatch(/\.pdf$/);
    await page.evaluate(() => localStorage.setItem('herald.lang', 'en'));
    await context.close();
  });

it("a message's scroll rows, its tracked links with their clicks, and the SMS replies received, in Japanese", async () => {
  const { herald, admin } = suite;
  const store = new Store(herald.rt);
  const plan = await admin.ok('plan.saveSingle', {
    name: `Links ${tag}`,
    title: 'Links',
    channel: 'EMAIL',
    content: { kind: 'EMAIL', template: { defaultLanguage: 'en', contents: { en: { subject: 'Hi', preheader: '', blocks: [{ type: 'heading', text: 'Hi' }] } } } },
  });
  // the clicks as the redirect counts them (tests/api/messageLinksAndSns.test.ts follows real links)
  const now = herald.rt.clock.now();
  await store
    .forOrg(1)
    .keyed('messageLink')
    .put(plan.id, { planId: plan.id, place: 0, url: 'https://example.com/aki-sale', clicks: 3, totalClicks: 5, firstClickedAt: now, lastClickedAt: now });
  // a reply to a number the organization texted, through End User Messaging SMS's SNS topic
  const from = `+1206555${String(randomBytes(2).readUInt16BE() % 9000).padStart(4, '0')}`;
  await store.forOrg(1).keyed('smsContact').put(from, { phone: from, dateCreated: now });
  await recordInboundSms(
    { store, log: herald.rt.log },
    { originationNumber: from, destinationNumber: '+18005550100', messageBody: '営業時間を教えてください', inboundMessageId: `in-${tag}` },
  );

  // two readers of the mail's hosted page, as the web snippet reports them: one to the end, one half way
  const site = 'https://mail.example.com';
  const hosted = await admin.ok('application.save', { name: `Hosted mail ${tag}`, appType: 'WEB', allowedOrigins: site });
  const { appKey, secret } = await admin.ok('application.issueSecret', { id: hosted.id });
  const web = createSdkClient({
    baseUrl: herald.url,
    appKey,
    secret,
    fetch: (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), origin: site } }),
  });
  for (const [accountId, depth] of [
    [`reader-a-${tag}`, 100],
    [`reader-b-${tag}`, 60],
  ] as const) {
    await web.identify({ accountId });
    await web.events({ accountId, events: [{ type: 'message.scrolled', planId: plan.id, depth, at: now }] });
  }

  const { context, page } = await openPage(suite.browser);
  await signIn(page, herald.portalUrl);
  await page.evaluate(() => localStorage.setItem('herald.lang', 'ja'));
  await page.goto(`${herald.portalUrl}#/campaigns/detail?id=${plan.id}&tab=analytics`);
  await page.reload();
  // the scroll rows: readers per depth reached, in Japanese; no send yet, so the rate has no base
  const scrollRow = (depth: number) => page.locator(`[data-metric="scroll-${depth}"]`);
  await scrollRow(100).getByText('100% までスクロール').waitFor();
  expect(await scrollRow(25).locator('dd').textContent()).toBe('2');
  expect(await scrollRow(75).locator('dd').textContent()).toBe('1');
  expect(await scrollRow(100).locator('dd').textContent()).toBe('1');
  expect(await page.locator('[data-metric="scrollRate"] dt').textContent()).toBe('スクロール率（最後まで閲読）');
  await accessible(page, "a message's scroll rows (ja)");
  await page.goto(`${herald.portalUrl}#/campaigns/detail?id=${plan.id}&tab=links`);
  const links = page.getByTestId('message-links');
  await links.getByText('https://example.com/aki-sale').waitFor();
  const row = links.locator('tbody tr').first();
  expect(await row.textContent()).toMatch(/3.*5/);
  await accessible(page, "a message's links (ja)");

  await page.goto(`${herald.portalUrl}#/library/sns-records`);
  await page.getByRole('heading', { name: 'SNS 記録' }).waitFor();
  const list = page.getByTestId('sns-record-list');
  await list.getByText('営業時間を教えてください').waitFor();
  await accessible(page, 'the SNS records (ja)');
  await list
    .getByRole('button', { name: /からのメッセージの詳細/ })
    .first()
    .click();
  const detail = page.getByTestId('sns-record-detail');
  await detail.getByText('+18005550100').waitFor();
  expect(await detail.textContent()).toContain('SNS（End User Messaging SMS）');
  await accessible(page, "an SMS reply's details (ja)");
  await page.evaluate(() => localStorage.setItem('herald.lang', 'en'));
  await context.close();
});
