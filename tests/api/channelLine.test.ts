/**
 * LINE (issue 20 item 5) on the real local stack: the organization's channel settings (token sealed, never
 * answered, never logged); the LINE stand-in checking what the Messaging API checks; the request the adapter
 * builds for each content type, captured at the HTTP level; a plan from the library through review, approval,
 * the pipeline and the stand-in in English and Japanese; every recipient exactly once when answers are lost, with
 * the retry key unchanged. Crashes, duplicated deliveries and throttling, each recipient asked with its retry key,
 * are tests/api/exactlyOnce.test.ts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineTemplateSchema } from '../../shared/content';
import { LINE_TEXTS } from '../../shared/i18n';
import { LINE_CHANNEL_ID, unsubscriptionId } from '../../shared/entities';
import type { PlanContent } from '../../shared/plan/plan';
import { CHANNEL_ADAPTERS } from '../../functions/channels';
import { classifyLine } from '../../functions/channels/line/answers';
import { lineSender } from '../../functions/channels/line/api';
import type { LineApiMessage } from '../../functions/channels/line/outbound';
import { lineRetryKey } from '../../functions/channels/line/retryKey';
import type { ChannelSender } from '../../functions/channels/sender';
import { Ledger } from '../../functions/delivery/ledger';
import { DELIVERY_QUEUE, type Recipient } from '../../functions/delivery/messages';
import { type ContentSource, sendBatchHandler, type SendWorkerDeps } from '../../functions/delivery/sendWorker';
import type { LocalHerald } from '../../functions/local/boot';
import { type LineReceived, lineTokenFingerprint } from '../../functions/channels/line/standIns/line';
import { seal } from '../../functions/platform/keys';
import { Store } from '../../functions/store/store';
import { LinkSigner } from '../../functions/channels/links';
import { ApiClient, manualClock, startHerald } from '../support/herald';
import { type Callers, twoOrganizations } from '../support/organizations';
import { testAccount, testSegment } from '../support/plans';
import { sendHarness, batchesOf, workerDeps } from '../support/sendHarness';
import { AD_HOC, capturedLog, received as receivedAt } from '../support/channelStandIns';
import { until } from '../support/until';

const { workerOf, drain } = sendHarness(() => ({ queue: herald.queue, log: herald.rt.log }));

const DAY = 24 * 3600_000;
const log = capturedLog();
/** a long-lived channel access token as LINE issues them (172 characters of base64) */
const TOKEN = randomBytes(129).toString('base64');
const UUID_V5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let herald: LocalHerald;
let store: Store;
let callers: Callers;
let admin: ApiClient;
let lineUrl: string;
/** every answer of the settings operations, to look for the token in */
const answers: unknown[] = [];

const userId = () => `U${randomBytes(16).toString('hex')}`;

beforeAll(async () => {
  herald = await startHerald({
    logLevel: 'debug',
    logSink: log.sink,
    config: { sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } },
  });
  store = new Store(herald.rt);
  lineUrl = herald.rt.aws.endpoints.line!;
  callers = await twoOrganizations(herald, 'line');
  admin = callers.admin;
  const saved = await admin.ok('lineChannel.save', {
    channelId: '1657000000',
    accessToken: TOKEN,
    channelSecret: randomBytes(16).toString('hex'),
    version: (await admin.ok('lineChannel.detail')).version,
  });
  answers.push(saved);
}, 60_000);
afterAll(() => herald?.stop());

const received = (to: readonly string[]) => receivedAt<LineReceived>(herald.standIns.endpoints, 'line', to);

async function tell(address: string, answer: 'throttled' | 'failed' | 'dead' | 'ok', times?: number) {
  const res = await fetch(`${lineUrl}/_standin/answers`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address, answer, times }) });
  expect(res.status).toBe(200);
}

/** A LINE content in English and Japanese: a text, an image and a buttons message with a picture and two links. */
const lineTemplate = (tag: string) =>
  lineTemplateSchema.parse({
    channel: 'LINE',
    defaultLanguage: 'en',
    contents: {
      en: {
        messages: [
          { type: 'text', text: `Hello {{firstName|there}}, ${tag}` },
          { type: 'image', originalContentUrl: 'https://cdn.example.com/sale.jpg', previewImageUrl: 'https://cdn.example.com/sale-small.jpg' },
          {
            type: 'buttons',
            altText: 'Spring sale',
            title: 'Spring sale',
            thumbnailImageUrl: 'https://cdn.example.com/thumb.jpg',
            text: 'Up to 50% off',
            actions: [
              { label: 'Shop now', uri: 'https://shop.example.com/sale?who={{firstName}}' },
              { label: 'Call us', uri: 'tel:+81312345678' },
            ],
          },
        ],
      },
      ja: {
        messages: [
          { type: 'text', text: `こんにちは{{firstName|さん}}、${tag}` },
          { type: 'buttons', altText: '春のセール', text: '最大50%オフ', actions: [{ label: '購入する', uri: 'https://shop.example.com/ja/sale' }] },
        ],
      },
    },
  });

/** What the Messaging API must receive for the content above, in each language. */
function expectedMessages(language: 'en' | 'ja', firstName: string, tag: string): LineApiMessage[] {
  const tracked = expect.stringMatching(new RegExp(`^${herald.rt.config.publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/service/t/c/`));
  if (language === 'ja') {
    return [
      { type: 'text', text: `こんにちは${firstName}、${tag}` },
      { type: 'template', altText: '春のセール', template: { type: 'buttons', text: '最大50%オフ', actions: [{ type: 'uri', label: '購入する', uri: tracked }] } },
    ];
  }
  return [
    { type: 'text', text: `Hello ${firstName}, ${tag}` },
    { type: 'image', originalContentUrl: 'https://cdn.example.com/sale.jpg', previewImageUrl: 'https://cdn.example.com/sale-small.jpg' },
    {
      type: 'template',
      altText: 'Spring sale',
      template: {
        type: 'buttons',
        thumbnailImageUrl: 'https://cdn.example.com/thumb.jpg',
        title: 'Spring sale',
        text: 'Up to 50% off',
        actions: [
          { type: 'uri', label: 'Shop now', uri: tracked },
          { type: 'uri', label: 'Call us', uri: 'tel:+81312345678' },
        ],
      },
    },
  ];
}

describe('the LINE channel settings', () => {
  it('keep the token sealed: answers say only that it is set, a save without it keeps it, the record holds no plain token', async () => {
    const detail = await admin.ok('lineChannel.detail');
    answers.push(detail);
    expect(detail).toMatchObject({ channelId: '1657000000', accessTokenSet: true, channelSecretSet: true, version: 1 });
    expect(Object.keys(detail).sort()).toEqual(['accessTokenSet', 'channelId', 'channelSecretSet', 'dateUpdated', 'updatedBy', 'version']);
    // the screen never has the token to send back: leaving it out keeps it
    const renamed = await admin.ok('lineChannel.save', { channelId: '1657000001', version: 1 });
    answers.push(renamed);
    expect(renamed).toMatchObject({ channelId: '1657000001', accessTokenSet: true, channelSecretSet: true, version: 2 });
    const stored = await store.forOrg(1).get('lineChannel', LINE_CHANNEL_ID);
    expect(stored?.accessTokenSealed).toBeTruthy();
    expect(JSON.stringify(stored)).not.toContain(TOKEN);
    expect(JSON.stringify(stored)).not.toContain(TOKEN.slice(10, 40));
  });

  it('refuse bad input with catalogue errors in the caller’s language, and an older version with 720007', async () => {
    const version = (await admin.ok('lineChannel.detail')).version;
    const bad = async (payload: Record<string, unknown>, lang = 'en') => (await admin.call('lineChannel.save', { version, ...payload }, { 'x-lang': lang })).body;
    expect(await bad({ accessToken: 'not a token' })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('payload.accessToken') });
    expect(await bad({ accessToken: 'short' }, 'ja')).toMatchObject({
      errorCode: '400016',
      errorMessage: expect.stringContaining('LINE Developers コンソールからそのままコピーしてください'),
    });
    expect(await bad({ channelSecret: 'xyz' }, 'zh')).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('渠道密钥为 32 个字符') });
    expect(await bad({ channelId: 'abc' })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('The channel ID is the number shown') });
    expect(await bad({ version: 'one' })).toMatchObject({ errorCode: '400016' });
    expect((await admin.call('lineChannel.save', 'nonsense')).body).toMatchObject({ errorCode: '400016' });
    expect(await bad({ version: version - 1 })).toMatchObject({ errorCode: '720007' });
    expect((await admin.call('lineChannel.remove', { version: version + 5 })).body).toMatchObject({ errorCode: '720007' });
    expect((await admin.call('lineChannel.remove', {})).body).toMatchObject({ errorCode: '400016' });
    // nothing changed
    expect(await admin.ok('lineChannel.detail')).toMatchObject({ version, accessTokenSet: true });
  });

  it('are each organization’s own: another organization sees none of them and its changes never touch them; no permission is 730001', async () => {
    const mine = await admin.ok('lineChannel.detail');
    const theirs = await callers.other.ok('lineChannel.detail');
    answers.push(theirs);
    expect(theirs).toEqual({ channelId: '', accessTokenSet: false, channelSecretSet: false, version: 0 });
    // removing "the" LINE channel in the other organization: it has none
    expect((await callers.other.call('lineChannel.remove', { version: mine.version })).body).toMatchObject({ errorCode: '720003' });
    const otherToken = randomBytes(129).toString('base64');
    answers.push(await callers.other.ok('lineChannel.save', { channelId: '42', accessToken: otherToken, version: 0 }));
    expect(await admin.ok('lineChannel.detail')).toEqual(mine);
    expect(await callers.other.ok('lineChannel.remove', { version: 1 })).toMatchObject({ accessTokenSet: false, version: 0 });
    expect(await admin.ok('lineChannel.detail')).toEqual(mine);
    for (const op of ['lineChannel.detail', 'lineChannel.save', 'lineChannel.remove']) {
      expect((await callers.nobody.call(op, { version: 1 })).body.errorCode).toBe('730001');
    }
  });
});

describe('the LINE stand-in checks what the Messaging API checks', () => {
  const push = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${lineUrl}/v2/bot/message/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}`, ...headers },
      body: JSON.stringify(body),
    });
  const text = (t: string) => ({ type: 'text', text: t });

  it('refuses a missing or malformed token (401), a bad `to`, too many or malformed messages and a bad retry key (400)', async () => {
    const to = userId();
    const noAuth = await push({ to, messages: [text('x')] }, { authorization: '' });
    expect(noAuth.status).toBe(401);
    const badToken = await push({ to, messages: [text('x')] }, { authorization: 'Bearer not-a-token!' });
    expect([badToken.status, ((await badToken.json()) as { message: string }).message]).toEqual([401, expect.stringContaining('invalid token')]);
    const badTo = await push({ to: 'u123', messages: [text('x')] });
    expect([badTo.status, await badTo.json()]).toEqual([400, { message: "The property, 'to', in the request body is invalid (line: -, column: -)" }]);
    const six = await push({ to, messages: Array.from({ length: 6 }, () => text('x')) });
    expect([six.status, await six.json()]).toEqual([
      400,
      { message: 'The request body has 1 error(s)', details: [{ message: 'Size must be between 1 and 5', property: 'messages' }] },
    ]);
    const malformed = await push({
      to,
      messages: [
        text('x'.repeat(5001)),
        { type: 'image', originalContentUrl: 'http://insecure.example.com/a.jpg' },
        { type: 'template', altText: 'a', template: { type: 'buttons', title: 'T', text: 'y'.repeat(61), actions: [] } },
      ],
    });
    expect(malformed.status).toBe(400);
    const details = ((await malformed.json()) as { details: { property: string }[] }).details.map((d) => d.property);
    expect(details).toEqual(['messages[0].text', 'messages[1].originalContentUrl', 'messages[1].previewImageUrl', 'messages[2].template.text', 'messages[2].template.actions']);
    const badKey = await push({ to, messages: [text('x')] }, { 'x-line-retry-key': 'again' });
    expect([badKey.status, await badKey.json()]).toEqual([400, { message: "The value for the 'X-Line-Retry-Key' header is invalid" }]);
    expect(await received([to])).toEqual([]);
  });

  it('answers a repeated retry key 409 with the accepted request’s id, and sends it once', async () => {
    const to = userId();
    const key = randomUUID();
    const first = await push({ to, messages: [text('once')] }, { 'x-line-retry-key': key });
    expect(first.status).toBe(200);
    const firstBody = (await first.json()) as { sentMessages: { id: string; quoteToken: string }[] };
    expect(firstBody.sentMessages).toEqual([{ id: expect.stringMatching(/^\d+$/), quoteToken: expect.any(String) }]);
    const again = await push({ to, messages: [text('once')] }, { 'x-line-retry-key': key });
    expect(again.status).toBe(409);
    expect(again.headers.get('x-line-accepted-request-id')).toBe(first.headers.get('x-line-request-id'));
    expect(await again.json()).toEqual({ message: 'The retry key is already accepted', sentMessages: firstBody.sentMessages });
    const held = await received([to]);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({
      retryKey: key,
      requestId: first.headers.get('x-line-request-id'),
      tokenFingerprint: lineTokenFingerprint(TOKEN),
      request: { to, messages: [text('once')] },
    });
    // the stand-in keeps no token
    expect(JSON.stringify(held)).not.toContain(TOKEN);
  });

  it('answers as told for an address: throttled (429) the given number of times, dead and failed (400)', async () => {
    const [slow, gone, wrong] = [userId(), userId(), userId()];
    await tell(slow, 'throttled', 2);
    for (let i = 0; i < 2; i++) {
      const r = await push({ to: slow, messages: [text('x')] });
      expect([r.status, await r.json()]).toEqual([429, { message: 'The API rate limit has been exceeded. Try again later.' }]);
    }
    expect((await push({ to: slow, messages: [text('x')] })).status).toBe(200);
    await tell(gone, 'dead');
    const dead = await push({ to: gone, messages: [text('x')] });
    expect([dead.status, await dead.json()]).toEqual([
      400,
      { message: 'Failed to send messages', details: [{ message: "The user hasn't added the LINE Official Account as a friend or has blocked it.", property: 'to' }] },
    ]);
    await tell(wrong, 'failed');
    expect((await push({ to: wrong, messages: [text('x')] })).status).toBe(400);
    await tell(wrong, 'ok');
    expect((await push({ to: wrong, messages: [text('x')] })).status).toBe(200);
  });

  it('takes a multicast of up to 500 users', async () => {
    const to = Array.from({ length: 3 }, userId);
    const res = await fetch(`${lineUrl}/v2/bot/message/multicast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ to, messages: [text('all')] }),
    });
    expect([res.status, await res.json()]).toEqual([200, {}]);
    const tooMany = await fetch(`${lineUrl}/v2/bot/message/multicast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ to: Array.from({ length: 501 }, userId), messages: [text('all')] }),
    });
    expect(tooMany.status).toBe(400);
    expect((await received(to)).map((r) => r.path)).toEqual(['/v2/bot/message/multicast']);
  });
});

describe('the request the adapter builds', () => {
  const line = CHANNEL_ADAPTERS.LINE;
  const links = new LinkSigner(randomBytes(32), 'https://herald.example.com');

  async function sendContent(messages: unknown[], recipient: Partial<Recipient> = {}) {
    const to = userId();
    const content = { kind: 'LINE', template: lineTemplateSchema.parse({ channel: 'LINE', defaultLanguage: 'en', contents: { en: { messages } } }) } as PlanContent;
    const r: Recipient = { accountId: `a-${randomUUID()}`, address: to, consent: true, firstName: 'Aiko', ...recipient };
    const recipientLinks = links.forRecipient({ o: 1, p: 'p1', r: 'r1', a: r.accountId, c: 'LINE' });
    const message = line.message({
      recipient: r,
      rendered: line.prepare(content, AD_HOC)!(r, recipientLinks),
      links: recipientLinks,
      from: '',
      tags: { org: '1', plan: 'p1', run: 'r1' },
    });
    const outcome = await lineSender(herald.rt).send(message, { tenant: store.forOrg(1) });
    const [held] = await received([to]);
    return { to, message, outcome, held: held!, r };
  }

  it('is a push with the message objects of each content type, the retry key of (plan, run, recipient) and the organization’s token', async () => {
    const text = await sendContent([{ type: 'text', text: 'Hi {{firstName|there}} {{attributes.plan|}}' }], { attributes: { plan: 'gold' } });
    expect(text.outcome).toEqual({ kind: 'sent', providerId: text.held.requestId });
    expect(text.held).toMatchObject({ path: '/v2/bot/message/push', tokenFingerprint: lineTokenFingerprint(TOKEN), retryKey: text.message.retryKey });
    expect(text.held.request).toEqual({ to: text.to, messages: [{ type: 'text', text: 'Hi Aiko gold' }] });
    expect(text.message.retryKey).toBe(lineRetryKey({ orgId: '1', planId: 'p1', runId: 'r1', recipient: text.r.accountId }));
    expect(text.message.retryKey).toMatch(UUID_V5);

    const image = await sendContent([{ type: 'image', originalContentUrl: 'https://cdn.example.com/a.jpg', previewImageUrl: 'https://cdn.example.com/a-small.jpg' }]);
    expect(image.held.request.messages).toEqual([{ type: 'image', originalContentUrl: 'https://cdn.example.com/a.jpg', previewImageUrl: 'https://cdn.example.com/a-small.jpg' }]);

    const plain = await sendContent([{ type: 'buttons', altText: 'Sale', text: 'Pick one', actions: [{ label: 'Call', uri: 'tel:0312345678' }] }]);
    // no title and no picture: the optional fields are left out, not sent empty
    expect(plain.held.request.messages).toEqual([
      { type: 'template', altText: 'Sale', template: { type: 'buttons', text: 'Pick one', actions: [{ type: 'uri', label: 'Call', uri: 'tel:0312345678' }] } },
    ]);

    const full = await sendContent([
      {
        type: 'buttons',
        altText: 'Sale {{firstName}}',
        title: 'Sale',
        thumbnailImageUrl: 'https://cdn.example.com/t.jpg',
        text: 'Up to 50%',
        actions: [{ label: 'Shop', uri: 'https://shop.example.com/?n={{firstName}}' }],
      },
      { type: 'text', text: 'Bye' },
    ]);
    expect(full.held.request.messages).toEqual([
      {
        type: 'template',
        altText: 'Sale Aiko',
        template: {
          type: 'buttons',
          thumbnailImageUrl: 'https://cdn.example.com/t.jpg',
          title: 'Sale',
          text: 'Up to 50%',
          actions: [{ type: 'uri', label: 'Shop', uri: expect.stringMatching(/^https:\/\/herald\.example\.com\/service\/t\/c\//) }],
        },
      },
      { type: 'text', text: 'Bye' },
    ]);
  });

  it('gives a recipient of a run the same retry key every time, and another run or recipient another', () => {
    const a = lineRetryKey({ orgId: '1', planId: 'p', runId: 'r1', recipient: 'acc' });
    expect(lineRetryKey({ orgId: '1', planId: 'p', runId: 'r1', recipient: 'acc' })).toBe(a);
    expect(
      new Set([
        a,
        lineRetryKey({ orgId: '1', planId: 'p', runId: 'r2', recipient: 'acc' }),
        lineRetryKey({ orgId: '1', planId: 'p', runId: 'r1', recipient: 'acc2' }),
        lineRetryKey({ orgId: '2', planId: 'p', runId: 'r1', recipient: 'acc' }),
      ]).size,
    ).toBe(4);
  });

  it('classifies LINE’s answers: 429 throttled (the monthly limit is a channel limit), 401/403 the token, 400 by its words, 5xx unknown', () => {
    expect(classifyLine({ ok: false, code: '429', detail: 'The API rate limit has been exceeded. Try again later.' })).toEqual({ kind: 'throttled' });
    expect(classifyLine({ ok: false, code: '429', detail: 'You have reached your monthly limit.' })).toMatchObject({ kind: 'failed', reason: 'CHANNEL_LIMIT_REACHED' });
    expect(classifyLine({ ok: false, code: '401', detail: 'Authentication failed' })).toMatchObject({ kind: 'failed', reason: 'UNEXPECTED' });
    expect(classifyLine({ ok: false, code: '403', detail: 'Access to this API is not available' })).toMatchObject({ kind: 'failed', reason: 'UNEXPECTED' });
    expect(
      classifyLine({ ok: false, code: '400', detail: "Failed to send messages; to: The user hasn't added the LINE Official Account as a friend or has blocked it." }),
    ).toMatchObject({ kind: 'dead', reason: 'USER_SETTINGS_BLOCK' });
    expect(classifyLine({ ok: false, code: '400', detail: "The property, 'to', in the request body is invalid (line: -, column: -)" })).toMatchObject({
      kind: 'failed',
      reason: 'USER_NOT_FOUND',
    });
    expect(classifyLine({ ok: false, code: '400', detail: 'The request body has 1 error(s)' })).toMatchObject({ kind: 'failed', reason: 'UNEXPECTED' });
    expect(classifyLine({ ok: false, code: '500' })).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The send worker with the LINE adapter and the stand-in: answers lost on the way back, and LINE's refusals.

const tag = `line${Date.now().toString(36)}`;
const template = lineTemplate(tag);
const content: ContentSource = {
  async load() {
    return { stopped: false, from: '', render: CHANNEL_ADAPTERS.LINE.prepare({ kind: 'LINE', template } as PlanContent, AD_HOC)! };
  },
};

function recipients(n: number): Recipient[] {
  const prefix = randomUUID().slice(0, 8);
  return Array.from({ length: n }, (_, i) => ({ accountId: `${prefix}-${i}`, address: userId(), firstName: `R${i}`, locale: i % 2 ? 'ja-JP' : 'en-US', consent: true }));
}

const batches = (orgId: number, planId: string, runId: string, list: Recipient[]) => batchesOf({ orgId, planId, runId }, 'LINE', list);

const clock = manualClock(Date.now());

const deps = ({ line, ...over }: Partial<SendWorkerDeps> & { line: ChannelSender }) => workerDeps(herald, 'LINE', line, content, { clock, ...over });

/** Each recipient got exactly one request, in its language, with the retry key of (plan, run, recipient). */
async function expectEachOnce(run: { orgId: number; planId: string; runId: string }, list: Recipient[]) {
  const held = await received(list.map((r) => r.address));
  const byTo = new Map<string, LineReceived[]>();
  for (const h of held) byTo.set(h.request.to as string, [...(byTo.get(h.request.to as string) ?? []), h]);
  for (const r of list) {
    const mine = byTo.get(r.address) ?? [];
    expect(mine, r.address).toHaveLength(1);
    expect(mine[0]!.retryKey).toBe(lineRetryKey({ orgId: String(run.orgId), planId: run.planId, runId: run.runId, recipient: r.accountId }));
    expect(mine[0]!.request.messages).toEqual(expectedMessages(r.locale === 'ja-JP' ? 'ja' : 'en', r.firstName!, tag));
  }
  const ledger = new Ledger(store, clock);
  expect((await ledger.totals(run)).total).toMatchObject({ sent: list.length, failed: 0, uncertain: 0 });
  expect(await ledger.openClaims(run)).toEqual([]);
  return held;
}

describe('exactly once through the LINE stand-in, when answers are lost', () => {
  it('an answer lost on the way back is asked again with the same retry key: LINE answers 409, one message, its id recorded', async () => {
    // a proxy before the stand-in that lets each first request through and then drops the connection
    const seen = new Set<string>();
    let dropped = 0;
    const proxy: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        const answer = await fetch(`${lineUrl}${req.url}`, { method: req.method, headers: req.headers as Record<string, string>, body: Buffer.concat(chunks) });
        const key = String(req.headers['x-line-retry-key']);
        if (!seen.has(key)) {
          seen.add(key);
          dropped += 1;
          req.socket.destroy();
          return;
        }
        res.writeHead(answer.status, Object.fromEntries(answer.headers));
        res.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
    try {
      const queue = `${DELIVERY_QUEUE}-${randomUUID()}`;
      const run = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
      const list = recipients(20);
      for (const b of batches(run.orgId, run.planId, run.runId, list)) await herald.queue.send(queue, b);
      const flaky = lineSender(herald.rt, { baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, retryDelayMs: 5 });
      await drain(workerOf(deps({ line: flaky })), queue);
      expect(dropped).toBe(20);
      const held = await expectEachOnce(run, list);
      const ledger = new Ledger(store, clock);
      for (const r of list) {
        const record = await store.get('sentRecord', ledger.keyOf({ ...run, channel: 'LINE', accountId: r.accountId }));
        expect(record?.providerId).toBe(held.find((h) => h.request.to === r.address)!.requestId);
      }
    } finally {
      proxy.closeAllConnections();
      await new Promise<void>((r) => proxy.close(() => r()));
    }
  }, 60_000);
});

describe('LINE’s refusals', () => {
  const sendOnce = async (orgId: number, runId: string, planId: string, list: Recipient[]) => {
    const send = sendBatchHandler(deps({ line: lineSender(herald.rt) }));
    await send({ kind: 'send', orgId, planId, runId, channel: 'LINE', recipients: list });
  };
  const recordOf = (orgId: number, planId: string, runId: string, accountId: string) =>
    store.get('sentRecord', new Ledger(store, clock).keyOf({ orgId, planId, runId, channel: 'LINE', accountId }));

  it('a user who cannot receive from the account fails with reason 3 and is listed; the next run skips it; a refused `to` fails with reason 5', async () => {
    const planId = `p-${randomUUID()}`;
    const [gone, wrong, fine] = recipients(3);
    await tell(gone!.address, 'dead');
    await tell(wrong!.address, 'failed', 1);
    await sendOnce(1, 'r1', planId, [gone!, wrong!, fine!]);
    expect(await recordOf(1, planId, 'r1', gone!.accountId)).toMatchObject({ status: 'FAILED', reason: 'USER_SETTINGS_BLOCK' });
    expect(await recordOf(1, planId, 'r1', wrong!.accountId)).toMatchObject({ status: 'FAILED', reason: 'USER_NOT_FOUND' });
    expect(await recordOf(1, planId, 'r1', fine!.accountId)).toMatchObject({ status: 'SENT' });
    expect(await store.forOrg(1).get('messageUnsubscription', unsubscriptionId('LINE', gone!.address))).toMatchObject({ channelName: 'LINE', source: 'BOUNCE', planId });
    await sendOnce(1, 'r2', planId, [gone!, wrong!, fine!]);
    expect(await recordOf(1, planId, 'r2', gone!.accountId)).toMatchObject({ status: 'SKIPPED', reason: 'BOUNCE' });
    expect(await recordOf(1, planId, 'r2', wrong!.accountId)).toMatchObject({ status: 'SENT' });
    expect((await received([gone!.address])).length).toBe(0);
  });

  it('an organization without a token, or with one LINE refuses (401), fails its messages with the reason, never throws, never sends', async () => {
    const planId = `p-${randomUUID()}`;
    const [a, b] = recipients(2);
    await sendOnce(9001, 'r1', planId, [a!]);
    expect(await recordOf(9001, planId, 'r1', a!.accountId)).toMatchObject({
      status: 'FAILED',
      reason: 'UNEXPECTED',
      detail: expect.stringContaining('no LINE channel access token'),
    });
    // a token of another shape than LINE's, as a revoked or mistyped one would be refused
    const now = herald.rt.clock.now();
    await store.put('lineChannel', {
      orgId: 9002,
      id: LINE_CHANNEL_ID,
      channelId: '',
      accessTokenSealed: seal(herald.rt.keys, 'revoked token'),
      version: 1,
      dateCreated: now,
      dateUpdated: now,
      createdBy: 't',
      updatedBy: 't',
    });
    await sendOnce(9002, 'r1', planId, [b!]);
    expect(await recordOf(9002, planId, 'r1', b!.accountId)).toMatchObject({
      status: 'FAILED',
      reason: 'UNEXPECTED',
      detail: expect.stringContaining('LINE refused the channel access token (401)'),
    });
    expect(await received([a!.address, b!.address])).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('a LINE message from the library, sent now', () => {
  it('reaches every LINE friend in the segment once, in their language, with tracked links; the rest are not matched', async () => {
    const now = herald.rt.clock.now();
    const audience = `lineplan${Date.now().toString(36)}`;
    const people = [
      { id: `${audience}-0`, firstName: 'Emma', locale: 'en-GB', lineUserId: userId() },
      { id: `${audience}-1`, firstName: 'Haruto', locale: 'ja-JP', lineUserId: userId() },
      { id: `${audience}-2`, firstName: 'Mei', locale: 'ja', lineUserId: userId() },
      { id: `${audience}-3`, firstName: 'Noah', locale: 'fr-FR', lineUserId: userId() },
      // no LINE user id: not matched
      { id: `${audience}-4`, firstName: 'Olive', locale: 'en' },
    ];
    await store.putMany(
      'account',
      people.map((p) =>
        testAccount(1, p.id, now, {
          firstName: p.firstName,
          locale: p.locale,
          ...(p.lineUserId ? { lineUserId: p.lineUserId } : {}),
          lineConsent: true,
          attributes: { reach: audience },
        }),
      ),
    );
    const segmentId = await testSegment(store, 1, `LINE ${audience}`, { op: 'AND', conditions: [{ field: 'attributes.reach', operator: 'equals', value: audience }] }, now);
    expect(await admin.ok('segment.count', { id: segmentId, channel: 'LINE' })).toMatchObject({ reach: { channel: 'LINE', reachable: 4, unreachable: { USER_NOT_MATCHED: 1 } } });

    const saved = await admin.ok('templateMessage.save', { name: `LINE ${audience}`, template: lineTemplate(tag) });
    const draft = await admin.ok('plan.saveSingle', {
      name: `LINE ${audience}`,
      title: `LINE ${audience}`,
      channel: 'LINE',
      content: { kind: 'TEMPLATE', templateId: saved.id },
      segmentId,
    });
    expect(draft).toMatchObject({ channel: 'LINE', content: { kind: 'LINE' } });
    const role = await admin.ok('userRole.save', {
      name: 'LINE approver',
      code: 'LINE_APPROVER',
      permissions: ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_PASS', 'PLAN_REJECT', 'MESSAGE_TYPE_AD_HOC'],
    });
    const user = await admin.ok('user.save', { username: 'lineapprover', email: 'lineapprover@example.com', roleId: role.id, password: 'Approve@123' });
    const approver = new ApiClient(herald);
    await approver.login('lineapprover', 'Approve@123');
    await admin.ok('planAction.sendToReview', { id: draft.id, participants: [user.id], deadline: herald.rt.clock.now() + DAY });
    await approver.ok('planAction.pass', { id: draft.id });
    await until(
      'the LINE message to be sent',
      () => admin.ok('plan.detail', { id: draft.id }),
      (p) => p.status === 'DEPLOYED',
    );

    const reached = people.filter((p) => p.lineUserId);
    const held = await received(reached.map((p) => p.lineUserId!));
    expect(held).toHaveLength(reached.length);
    for (const p of reached) {
      const mine = held.filter((h) => h.request.to === p.lineUserId);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ path: '/v2/bot/message/push', tokenFingerprint: lineTokenFingerprint(TOKEN), retryKey: expect.stringMatching(UUID_V5) });
      // French has no content: the template's default language (English)
      expect(mine[0]!.request.messages).toEqual(expectedMessages(p.locale.startsWith('ja') ? 'ja' : 'en', p.firstName, tag));
    }
    // the button's tracked link leads to the content's link, personalised
    const emma = held.find((h) => h.request.to === people[0]!.lineUserId)!.request.messages[2] as Extract<LineApiMessage, { type: 'template' }>;
    const click = await fetch(emma.template.actions[0]!.uri, { redirect: 'manual' });
    expect(click.headers.get('location')).toBe('https://shop.example.com/sale?who=Emma');
    const haruto = held.find((h) => h.request.to === people[1]!.lineUserId)!.request.messages[1] as Extract<LineApiMessage, { type: 'template' }>;
    expect((await fetch(haruto.template.actions[0]!.uri, { redirect: 'manual' })).headers.get('location')).toBe('https://shop.example.com/ja/sale');
  }, 90_000);
});

describe('a LINE message without the organization’s LINE channel', () => {
  it('is refused when sent for approval with a catalogue error in the caller’s language, and no longer once the channel is saved', async () => {
    const other = callers.other;
    const detail = await other.ok('lineChannel.detail');
    if (detail.accessTokenSet) await other.ok('lineChannel.remove', { version: detail.version });
    const tag = randomBytes(3).toString('hex');
    const segment = await other.ok('segment.save', { name: `LINE ${tag}`, rule: { op: 'AND', conditions: [{ field: 'country', operator: 'equals', value: 'TW' }] } });
    const draft = await other.ok('plan.saveSingle', {
      name: `LINE ${tag}`,
      title: `LINE ${tag}`,
      channel: 'LINE',
      content: { kind: 'LINE', template: lineTemplate(tag) },
      segmentId: segment.id,
    });
    const submit = async (lang: string) =>
      (await other.call('planAction.sendToReview', { id: draft.id, participants: [randomUUID()], deadline: herald.rt.clock.now() + DAY }, { 'x-lang': lang })).body;
    for (const lang of ['en', 'zh', 'ja'] as const) {
      expect(await submit(lang)).toMatchObject({ state: 'F', errorCode: '720009', errorMessage: expect.stringContaining(LINE_TEXTS.planWithoutChannel[lang]) });
    }
    expect(await other.ok('plan.detail', { id: draft.id })).toMatchObject({ status: 'DRAFT' });
    // with the channel saved the check passes (the made-up participant is what is refused now)
    const saved = await other.ok('lineChannel.save', {
      channelId: '1657000042',
      accessToken: randomBytes(129).toString('base64'),
      version: (await other.ok('lineChannel.detail')).version,
    });
    expect(await submit('en')).toMatchObject({ errorCode: '720003' });
    await other.ok('lineChannel.remove', { version: saved.version });
  });
});

describe('the token', () => {
  it('never appears in an answer, a log line or what the stand-in keeps', async () => {
    expect(answers.length).toBeGreaterThan(3);
    expect(JSON.stringify(answers)).not.toContain(TOKEN);
    expect(log.lines.length).toBeGreaterThan(0);
    const logged = log.text();
    expect(logged).not.toContain(TOKEN);
    expect(logged).not.toContain(TOKEN.slice(0, 40));
    expect(JSON.stringify(await receivedAt(herald.standIns.endpoints, 'line'))).not.toContain(TOKEN);
  });
});
