/**
 * Letters (issue 20 item 6): a direct-mail message from draft to S3 (s3rver) through the catalogue, review,
 * approval and the send pipeline, each recipient's PDF in their language with the sender company; the run's
 * merged PDF and print manifest; directMail.downloadPdf with its refusals and another organization's ids
 * answering as missing; S3's answers classified. Each letter exactly once through crashes, duplicated deliveries
 * and S3 SlowDown, the print run holding no uncertain letter, is tests/api/exactlyOnce.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { directMailAdapter } from '../../functions/channels/directMail';
import { letterKey, manifestKey, mergedKey, partsKey } from '../../functions/channels/directMail/keys';
import { buildRunFiles } from '../../functions/channels/directMail/runFiles';
import { classifyLetter, s3LetterSender } from '../../functions/channels/directMail/s3';
import { stopLetterWorker } from '../../functions/channels/letterPdfWorker';
import type { Recipient } from '../../functions/delivery/messages';
import type { LocalHerald } from '../../functions/local/boot';
import type { Runtime } from '../../functions/platform/runtime';
import type { StoragePort } from '../../functions/platform/storage';
import { Store } from '../../functions/store/store';
import { accountKey, unsubscriptionId } from '../../shared/entities';
import { contentSchema, type PlanContent } from '../../shared/plan/plan';
import { reachText } from '../../shared/services/plan';
import { ApiClient, startHerald } from '../support/herald';
import { type Callers, twoOrganizations } from '../support/organizations';
import { AD_HOC, capturedLog } from '../support/channelStandIns';
import { until as waitUntil } from '../support/until';

const DAY = 24 * 3600_000;
const RATES = { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 };

let herald: LocalHerald;
let store: Store;
let callers: Callers;
let admin: ApiClient;
let approver: { id: string; client: ApiClient };
const log = capturedLog();

beforeAll(async () => {
  herald = await startHerald({ config: { sendRates: RATES }, logLevel: 'info', logSink: log.sink });
  store = new Store(herald.rt);
  callers = await twoOrganizations(herald, 'letter');
  admin = callers.admin;
  const role = await admin.ok('userRole.save', {
    name: 'Letter approver',
    code: 'LETTER_APPROVER',
    permissions: ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_PASS', 'PLAN_REJECT', 'MESSAGE_TYPE_AD_HOC'],
  });
  const user = await admin.ok('user.save', { username: 'letter-approver', email: 'letter-approver@example.com', roleId: role.id, password: 'Approve@123' });
  const client = new ApiClient(herald);
  client.autoRefresh = true;
  await client.login('letter-approver', 'Approve@123');
  approver = { id: user.id, client };
}, 120_000);
afterAll(async () => {
  await herald?.stop();
  await stopLetterWorker();
});

// letters are drawn: a loaded machine gets half as long again
const until = <T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean) => waitUntil(what, read, ok, 90_000);

async function bytesAt(storage: StoragePort, key: string): Promise<Buffer | undefined> {
  const stored = await storage.get(key);
  if (!stored) return undefined;
  const chunks: Buffer[] = [];
  for await (const c of stored.body) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

// --- Reading a PDF's text back: the drawn strings (glyph ids) mapped through each font's ToUnicode CMap

function streamBytes(s: PDFRawStream): Buffer {
  return s.dict.get(PDFName.of('Filter')) ? inflateSync(Buffer.from(s.contents)) : Buffer.from(s.contents);
}

function utf16be(hex: string): string {
  const b = Buffer.from(hex, 'hex');
  let out = '';
  for (let i = 0; i + 1 < b.length; i += 2) out += String.fromCharCode(b.readUInt16BE(i));
  return out;
}

function cmapOf(text: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(m[1]!, 16), utf16be(m[2]!));
  }
  for (const block of block3(text)) {
    for (const m of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      const [from, to, base] = [parseInt(m[1]!, 16), parseInt(m[2]!, 16), utf16be(m[3]!)];
      for (let g = from; g <= to; g++) map.set(g, base.slice(0, -1) + String.fromCharCode(base.charCodeAt(base.length - 1) + (g - from)));
    }
  }
  return map;
}
const block3 = (text: string) => [...text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)].map((m) => m[1]!);

/** Each page's drawn lines, in drawing order. */
async function pdfText(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const fonts = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
    const maps = new Map<string, Map<number, string>>();
    for (const [name, ref] of fonts.entries()) {
      const font = doc.context.lookup(ref, PDFDict);
      maps.set(name.asString(), cmapOf(streamBytes(font.lookup(PDFName.of('ToUnicode')) as PDFRawStream).toString('latin1')));
    }
    const contents = page.node.Contents()!;
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r) as PDFRawStream) : [contents as unknown as PDFRawStream];
    const ops = streams.map((s) => streamBytes(s).toString('latin1')).join('\n');
    const lines: string[] = [];
    let font: Map<number, string> | undefined;
    for (const m of ops.matchAll(/(\/\S+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (m[1]) {
        font = maps.get(m[1]);
        continue;
      }
      let s = '';
      for (let i = 0; i < m[2]!.length; i += 4) s += font?.get(parseInt(m[2]!.slice(i, i + 4), 16)) ?? '?';
      lines.push(s);
    }
    return lines;
  });
}

// --- A real message through the catalogue

const COMPANY = {
  company: 'Acme Trading',
  directMailType: 'LETTER',
  fullName: 'Acme Trading K.K.',
  address: '1-2-3 Marunouchi\nChiyoda-ku, Tokyo',
  website: 'https://acme.example',
  name: 'Hanako Sato',
  phone: '+81 3 1234 5678',
  email: 'letters@acme.example',
};

const letterContent = (companyId: string) => ({
  kind: 'DIRECT_MAIL',
  template: {
    channel: 'DIRECT_MAIL',
    defaultLanguage: 'en',
    companyId,
    contents: {
      en: { subject: 'Spring offer for {{firstName|you}}', body: 'Dear {{firstName}},\n\nOur spring catalogue is here.', closing: 'Kind regards' },
      ja: { subject: '{{firstName}}様 春のご案内', body: 'いつもご利用いただきありがとうございます。\n\n春のカタログをお届けします。', closing: '敬具' },
    },
  },
});

async function seedLetterAudience(tag: string) {
  const now = herald.rt.clock.now();
  const people = [
    {
      id: `${tag}-a`,
      locale: 'en-US',
      firstName: 'Alice',
      address: { recipientName: 'Alice Smith', lines: ['1 Main Street', 'Apt 2'], city: 'Springfield', region: 'IL', postcode: '62701', country: 'US' },
    },
    {
      id: `${tag}-b`,
      locale: 'ja-JP',
      firstName: '太郎',
      address: { recipientName: '山田 太郎 様', lines: ['丸の内1-1-1'], city: '千代田区', region: '東京都', postcode: '100-0005', country: 'JP' },
    },
    // a name a spreadsheet would run as a formula
    {
      id: `${tag}-c`,
      locale: 'en',
      firstName: 'Eve',
      address: { recipientName: '=HYPERLINK("http://evil.example","x")', lines: ['2 Side Road'], city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' },
    },
    // no postal address: not reached
    { id: `${tag}-d`, locale: 'en', firstName: 'Nobody' },
    // on the letters' unsubscription list: skipped
    { id: `${tag}-e`, locale: 'en', firstName: 'Quiet', address: { recipientName: 'Quiet Person', lines: ['3 Hush Lane'], city: 'Bath', postcode: 'BA1 1AA', country: 'GB' } },
    // a prefecture alone: not reachable by post, and its record says why
    { id: `${tag}-f`, locale: 'ja-JP', firstName: '花子', lastName: '佐藤', address: { region: '大阪府', country: 'JP' } },
  ];
  for (const p of people) {
    await store.put('account', {
      ...accountKey(1, p.id),
      orgId: 1,
      emails: [],
      locale: p.locale,
      firstName: p.firstName,
      ...('lastName' in p ? { lastName: p.lastName } : {}),
      ...(p.address ? { address: p.address } : {}),
      emailConsent: false,
      smsConsent: false,
      pushConsent: false,
      lineConsent: false,
      tags: [],
      attributes: { letters: tag },
      version: 1,
      dateCreated: now,
      dateUpdated: now,
      createdBy: 'test',
      updatedBy: 'test',
    });
  }
  const quiet = 'Quiet Person\n3 Hush Lane\nBath BA1 1AA\nGB'.toLowerCase();
  await store.forOrg(1).put('messageUnsubscription', { id: unsubscriptionId('DIRECT_MAIL', quiet), channelName: 'DIRECT_MAIL', target: quiet, source: 'MANUAL', dateCreated: now });
  const segmentId = randomUUID();
  await store.put('segment', {
    orgId: 1,
    id: segmentId,
    name: `Letters ${tag}`,
    description: '',
    rule: { op: 'AND', conditions: [{ field: 'attributes.letters', operator: 'equals', value: tag }] },
    version: 1,
    dateCreated: now,
    dateUpdated: now,
    createdBy: 'test',
    updatedBy: 'test',
  });
  return { segmentId, ids: people.map((p) => p.id) };
}

async function fetchBytes(url: string): Promise<Buffer> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('a letter message, sent now', () => {
  let planId: string;
  let runId: string;
  let ids: string[];
  let company: { id: string };
  let segmentId: string;

  beforeAll(async () => {
    const tag = `lt${Date.now().toString(36)}`;
    const audience = await seedLetterAudience(tag);
    ids = audience.ids;
    segmentId = audience.segmentId;
    company = await admin.ok('company.save', COMPANY);
    const draft = await admin.ok('plan.saveSingle', {
      name: 'Spring letters',
      title: 'Spring letters',
      channel: 'DIRECT_MAIL',
      content: letterContent(company.id),
      segmentId: audience.segmentId,
    });
    expect(draft).toMatchObject({ status: 'DRAFT', channel: 'DIRECT_MAIL' });
    planId = draft.id;
    await admin.ok('planAction.sendToReview', { id: planId, participants: [approver.id], deadline: herald.rt.clock.now() + DAY });
    await approver.client.ok('planAction.pass', { id: planId });
    await until(
      'the letters to be made',
      () => admin.ok('plan.detail', { id: planId }),
      (p) => p.status === 'DEPLOYED',
    );
    runId = (await admin.ok('directMail.downloadPdf', { planId, file: 'MANIFEST' })).runId;
  }, 180_000);

  it('stores one PDF per reached recipient under the run, in their language, with the sender company; skips the listed', async () => {
    const stats = await admin.ok('planStatistics.detail', { id: planId });
    expect(stats.totals).toMatchObject({ sent: 3, skipped: 2, failed: 0, uncertain: 0 });
    const sent = await admin.ok('sentRecord.getListByPage', { planId, size: 50 });
    const byAccount = Object.fromEntries(sent.list.map((r: { accountId: string }) => [r.accountId, r]));
    expect(byAccount[ids[4]!]).toMatchObject({ status: 'SKIPPED', reason: 'UNSUBSCRIBED' });
    expect(byAccount[ids[3]!]).toBeUndefined();
    // the wizard's count says the same before the send: two without a complete postal address
    const reach = await admin.ok('segment.count', { id: segmentId, channel: 'DIRECT_MAIL' });
    expect(reach).toMatchObject({ reach: { channel: 'DIRECT_MAIL', reachable: 3, unreachable: { USER_NOT_MATCHED: 2, UNSUBSCRIBED: 1 } } });
    expect(reachText('ja', reach.reach!, reach.count)).toContain('2 人は郵送先の住所が不完全です');
    expect(byAccount[ids[5]!]).toMatchObject({ status: 'SKIPPED', reason: 'USER_NOT_MATCHED', detail: expect.stringContaining('a letter needs an address line and a postcode') });
    // in the reader's language
    const inJa = (await admin.call<{ list: { accountId: string; detail?: string }[] }>('sentRecord.getListByPage', { planId, size: 50 }, { 'x-lang': 'ja' })).payload;
    expect(inJa.list.find((r) => r.accountId === ids[5]!)?.detail).toBe('郵送先の住所が不完全です。レターには番地と郵便番号が必要です。');

    const storage = herald.rt.ports.storage;
    const run = { orgId: 1, planId, runId };
    const listing = await storage.list(`letters/1/${planId}/${runId}/`);
    expect(listing.files.map((f) => f.key).sort()).toEqual([0, 1, 2].map((i) => letterKey(run, ids[i]!)).sort());

    const object = await storage.get(letterKey(run, ids[0]!));
    object!.body.destroy();
    expect(object!.contentType).toBe('application/pdf');
    const en = (await pdfText((await bytesAt(storage, letterKey(run, ids[0]!)))!)).flat();
    // the sender's lines, the postal address in the window, the subject, the body, the closing and the sender's names
    expect(en).toEqual(
      expect.arrayContaining([
        'Acme Trading',
        '1-2-3 Marunouchi',
        'Chiyoda-ku, Tokyo',
        '+81 3 1234 5678',
        'letters@acme.example',
        'https://acme.example',
        'Alice Smith',
        '1 Main Street',
        'Apt 2',
        'Springfield IL 62701',
        'US',
        'Spring offer for Alice',
        'Dear Alice,',
        'Our spring catalogue is here.',
        'Kind regards',
        'Hanako Sato',
        'Acme Trading K.K.',
      ]),
    );
    expect(en.indexOf('Alice Smith')).toBeLessThan(en.indexOf('Spring offer for Alice'));
    const ja = await pdfText((await bytesAt(storage, letterKey(run, ids[1]!)))!);
    expect(ja).toHaveLength(1);
    expect(ja[0]).toEqual(
      expect.arrayContaining([
        // as Japan Post reads it: the postcode, the address from the prefecture down, the name last
        '〒100-0005',
        '東京都千代田区丸の内1-1-1',
        '山田 太郎 様',
        '太郎様 春のご案内',
        'いつもご利用いただきありがとうございます。',
        '春のカタログをお届けします。',
        '敬具',
        'Acme Trading',
      ]),
    );
    // dated in Japanese
    expect(ja[0]!.some((line) => /^\d{4}年\d{1,2}月\d{1,2}日$/.test(line))).toBe(true);
  });

  it('makes the merged PDF and the print manifest after the run, and downloads them and one letter by link', async () => {
    const merged = await admin.ok('directMail.downloadPdf', { planId, file: 'LETTERS' });
    expect(merged).toMatchObject({ runId, contentType: 'application/pdf', fileName: `Spring-letters-${runId}.pdf` });
    const pages = await pdfText(await fetchBytes(merged.url));
    expect(pages).toHaveLength(3);
    // in the manifest's order (by account id)
    expect(pages.map((p) => p.find((l) => /Spring offer|春のご案内/.test(l)))).toEqual(['Spring offer for Alice', '太郎様 春のご案内', 'Spring offer for Eve']);

    const manifest = await admin.ok('directMail.downloadPdf', { planId, runId, file: 'MANIFEST' });
    expect(manifest.contentType).toBe('text/csv');
    const csv = (await fetchBytes(manifest.url)).toString('utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = csv.slice(1).trimEnd().split('\r\n');
    expect(rows[0]).toBe('accountId,recipientName,addressLine1,addressLine2,addressLine3,city,region,postcode,country,file,pages,mergedFile,firstPage');
    const run = { orgId: 1, planId, runId };
    expect(rows.slice(1)).toEqual([
      `${ids[0]},Alice Smith,1 Main Street,Apt 2,,Springfield,IL,62701,US,${letterKey(run, ids[0]!)},1,1,1`,
      `${ids[1]},山田 太郎 様,丸の内1-1-1,,,千代田区,東京都,100-0005,JP,${letterKey(run, ids[1]!)},1,1,2`,
      // CSV-injection safe: the formula is text
      `${ids[2]},"'=HYPERLINK(""http://evil.example"",""x"")",2 Side Road,,,Leeds,,LS1 1AA,GB,${letterKey(run, ids[2]!)},1,1,3`,
    ]);

    const one = await admin.ok('directMail.downloadPdf', { planId, file: 'LETTER', accountId: ids[1]! });
    expect(await fetchBytes(one.url)).toEqual(await bytesAt(herald.rt.ports.storage, letterKey(run, ids[1]!)));
  });

  it("merges a large run into files a print vendor takes, each downloaded by its part, the manifest naming each letter's file", async () => {
    const run = { orgId: 1, planId, runId };
    // two letters a file here, so the three make two files (a run's own files hold LETTERS_PER_FILE)
    expect(await buildRunFiles(new Store(herald.rt).forOrg(run.orgId), run, 2)).toEqual({ letters: 3, parts: 2 });
    const first = await admin.ok('directMail.downloadPdf', { planId, file: 'LETTERS' });
    expect(first).toMatchObject({ parts: 2, fileName: `Spring-letters-${runId}-1-of-2.pdf` });
    // the number of files is written beside the manifest: a download reads that one object, not one per file
    const reads = vi.spyOn(herald.rt.ports.storage, 'get');
    const second = await admin.ok('directMail.downloadPdf', { planId, file: 'LETTERS', part: 2 });
    expect(reads.mock.calls.map(([key]) => key)).toEqual([partsKey(run)]);
    reads.mockRestore();
    expect(second.fileName).toBe(`Spring-letters-${runId}-2-of-2.pdf`);
    expect((await pdfText(await fetchBytes(first.url))).map((p) => p.find((l) => /Spring offer|春のご案内/.test(l)))).toEqual(['Spring offer for Alice', '太郎様 春のご案内']);
    expect((await pdfText(await fetchBytes(second.url))).map((p) => p.find((l) => /Spring offer|春のご案内/.test(l)))).toEqual(['Spring offer for Eve']);
    const manifest = await admin.ok('directMail.downloadPdf', { planId, file: 'MANIFEST' });
    expect(manifest.parts).toBe(2);
    const rows = (await fetchBytes(manifest.url)).toString('utf8').slice(1).trimEnd().split('\r\n');
    // file and first page within it
    expect(rows.slice(1).map((r) => r.split(',').slice(-2).join(','))).toEqual(['1,1', '1,2', '2,1']);
    const third = await admin.call('directMail.downloadPdf', { planId, file: 'LETTERS', part: 3 });
    expect(third.body).toMatchObject({ errorCode: '720003' });
    expect((await admin.call('directMail.downloadPdf', { planId, file: 'LETTERS', part: 0 })).body.errorCode).toBe('400016');
    // back to one file, as the run made it
    await herald.rt.ports.storage.delete(mergedKey(run, 2));
    expect(await buildRunFiles(new Store(herald.rt).forOrg(run.orgId), run)).toEqual({ letters: 3, parts: 1 });
  });

  it('builds the merged PDF and manifest on download when the after-run step left none', async () => {
    const run = { orgId: 1, planId, runId };
    await herald.rt.ports.storage.delete(mergedKey(run));
    await herald.rt.ports.storage.delete(manifestKey(run));
    await herald.rt.ports.storage.delete(partsKey(run));
    const merged = await admin.ok('directMail.downloadPdf', { planId, file: 'LETTERS' });
    expect(await pdfText(await fetchBytes(merged.url))).toHaveLength(3);
    expect(await bytesAt(herald.rt.ports.storage, manifestKey(run))).toBeDefined();
    expect(JSON.parse((await bytesAt(herald.rt.ports.storage, partsKey(run)))!.toString('utf8'))).toEqual({ letters: 3, parts: 1 });
  });

  it("refuses bad input with catalogue errors, and answers another organization's plan as missing", async () => {
    const code = async (client: ApiClient, payload: unknown) => (await client.call('directMail.downloadPdf', payload)).body.errorCode;
    expect(await code(admin, {})).toBe('400016');
    expect(await code(admin, { planId, file: 'EVERYTHING' })).toBe('400016');
    expect(await code(admin, { planId, file: 'LETTER' })).toBe('400016');
    expect(await code(admin, { planId: '', file: 'LETTERS' })).toBe('400016');
    expect(await code(admin, { planId: 'x'.repeat(65), file: 'LETTERS' })).toBe('400016');
    expect(await code(admin, { planId: randomUUID(), file: 'LETTERS' })).toBe('720003');
    expect(await code(admin, { planId, runId: 'r0', file: 'LETTERS' })).toBe('720003');
    expect(await code(admin, { planId, file: 'LETTER', accountId: ids[4]! })).toBe('720003');
    expect(await code(admin, { planId, file: 'LETTER', accountId: ids[3]! })).toBe('720003');
    // another organization's plan, its run and its letters are missing to the caller; a role without the permission is refused
    expect(await code(callers.other, { planId, file: 'LETTERS' })).toBe('720003');
    expect(await code(callers.other, { planId, runId, file: 'LETTER', accountId: ids[0]! })).toBe('720003');
    expect(await code(callers.nobody, { planId, file: 'LETTERS' })).toBe('730001');
    // the refusals' words in the caller's language
    const refused = await admin.call('directMail.downloadPdf', { planId, file: 'LETTER', accountId: ids[4]! }, { 'x-lang': 'ja' });
    expect(refused.body.errorMessage).toContain('この送信では、この受信者への手紙は作成されていません。');

    // an email message has no letters
    const email = await admin.ok('plan.saveSingle', {
      name: 'Not a letter',
      title: 'Not a letter',
      channel: 'EMAIL',
      content: { kind: 'EMAIL', template: { defaultLanguage: 'en', contents: { en: { subject: 'Hi', preheader: '', blocks: [{ type: 'heading', text: 'Hi' }] } } } },
    });
    expect(await code(admin, { planId: email.id, file: 'LETTERS' })).toBe('720009');
    // a letter message never sent, then one still sending
    const draft = await admin.ok('plan.saveSingle', { name: 'Unsent letters', title: 'Unsent letters', channel: 'DIRECT_MAIL', content: letterContent(company.id) });
    expect(await code(admin, { planId: draft.id, file: 'MANIFEST' })).toBe('720003');
    await store.forOrg(1).keyed('planRun').put(draft.id, { runId: 'r1', orgId: 1, planId: draft.id, status: 'RUNNING', dueAt: 1, startedAt: herald.rt.clock.now() });
    expect(await code(admin, { planId: draft.id, file: 'LETTERS' })).toBe('720009');
  });

  it('logs no signed link', () => {
    expect(log.text()).not.toMatch(/X-Amz-Signature/);
  });
});

// --- S3's answers (each letter exactly once through crashes, duplicated deliveries and SlowDown is
// tests/api/exactlyOnce.test.ts)

const TEMPLATE: PlanContent = contentSchema.parse({
  kind: 'DIRECT_MAIL',
  template: { channel: 'DIRECT_MAIL', defaultLanguage: 'en', contents: { en: { recipientBlock: '{{firstName}}\n{{address}}', subject: 'Offer {{firstName}}', body: 'Hello' } } },
});

/** The storage port as the letter sender sees it, counting the letters it stores. */
function countingStorage() {
  const stored = new Map<string, number>();
  const base = herald.rt.ports.storage;
  const storage: StoragePort = {
    ...base,
    async put(key, body, contentType) {
      await base.put(key, body, contentType);
      stored.set(key, (stored.get(key) ?? 0) + 1);
    },
  };
  const rt: Runtime = { ...herald.rt, ports: { ...herald.rt.ports, storage } };
  return { stored, sender: s3LetterSender(rt) };
}

describe('S3’s answers', () => {
  it('classifies S3 answers: SlowDown is throttled, a refusal fails, the unknown is thrown', () => {
    expect(classifyLetter({ ok: true, providerId: 'letters/1/p/r/a.pdf' })).toEqual({ kind: 'sent', providerId: 'letters/1/p/r/a.pdf' });
    expect(classifyLetter({ ok: false, code: 'SlowDown' })).toEqual({ kind: 'throttled' });
    expect(classifyLetter({ ok: false, code: 'AccessDenied' })).toMatchObject({ kind: 'failed', reason: 'UNEXPECTED' });
    expect(classifyLetter({ ok: false, code: 'InternalError' })).toBeUndefined();
  });

  it('fails a letter whose sender company was deleted after approval, storing nothing', async () => {
    const s3 = countingStorage();
    const r: Recipient = { accountId: randomUUID(), address: 'R0\n1 Letter Lane\nTown', firstName: 'R0', consent: true };
    const rendered = directMailAdapter.prepare(TEMPLATE, AD_HOC)!(r, {} as never);
    const message = directMailAdapter.message({
      recipient: r,
      rendered: { ...rendered, companyId: randomUUID() },
      links: {} as never,
      from: '',
      tags: { org: '1', plan: 'p-gone', run: 'r1' },
    });
    expect(await s3.sender.send(message, { tenant: new Store(herald.rt).forOrg(1) })).toMatchObject({
      kind: 'failed',
      reason: 'UNEXPECTED',
      detail: expect.stringContaining('NoSenderCompany'),
    });
    expect(s3.stored.size).toBe(0);
  });
});
