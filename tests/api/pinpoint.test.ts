/**
 * Import from Amazon Pinpoint (issue 10 item 10): a 10,000-endpoint export (JSON lines, as an export job writes
 * them) through the data import's pages becomes the right accounts, with their addresses, consents, demographics,
 * location and attributes, and the opted-out addresses on the unsubscription list; a broken line is reported by
 * its line number.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { unsubscriptionId } from '../../shared/entities';
import { IMPORT_CELL_MAX } from '../../shared/services';
import { UPLOAD_PAGE } from '../../shared/import/upload';
import { type ApiClient, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';

let herald: LocalHerald;
let admin: ApiClient;

beforeAll(async () => {
  herald = await startHerald();
  ({ admin } = await twoOrganizations(herald, 'pin'));
});
afterAll(() => herald?.stop());

const USERS = 8000;
/** user i has an email endpoint; every 4th also an SMS endpoint (every 400th from the 4th opted out), every 8th a push endpoint; every 100th opted out of email */
function exportLines(): string[] {
  const lines: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const user = { UserId: `pp-${i}`, UserAttributes: { FirstName: [`First${i}`], LastName: ['Lee'], Plan: [i % 2 ? 'gold' : 'silver'], 'Favourite colour': ['blue', 'green'] } };
    const common = {
      ApplicationId: 'app1',
      CohortId: String(i % 100),
      EffectiveDate: '2026-10-01T00:00:00Z',
      Demographic: { Locale: i % 3 ? 'en_US' : 'ja_JP', Timezone: i % 3 ? 'America/New_York' : 'Asia/Tokyo', Platform: 'ios' },
      Location: { Country: i % 3 ? 'US' : 'JP', City: i % 3 ? 'New York' : 'Tokyo', PostalCode: '10001' },
      User: user,
    };
    lines.push(
      JSON.stringify({
        ...common,
        Id: `e-${i}`,
        ChannelType: 'EMAIL',
        Address: `PP${i}@Example.com`,
        EndpointStatus: 'ACTIVE',
        OptOut: i % 100 === 0 ? 'ALL' : 'NONE',
        Attributes: { Interests: ['Sports'] },
      }),
    );
    if (i % 4 === 0)
      lines.push(
        JSON.stringify({
          ...common,
          Id: `s-${i}`,
          ChannelType: 'SMS',
          Address: `+1206555${String(i).padStart(4, '0')}`,
          EndpointStatus: i % 8 === 0 ? 'INACTIVE' : 'ACTIVE',
          OptOut: i % 400 === 4 ? 'ALL' : 'NONE',
        }),
      );
    if (i % 8 === 0) lines.push(JSON.stringify({ ...common, Id: `p-${i}`, ChannelType: 'APNS', Address: `token${i}`, EndpointStatus: 'ACTIVE', OptOut: 'NONE' }));
  }
  return lines;
}

it('imports a 10,000-endpoint export into the right accounts and opt-outs', async () => {
  const lines = exportLines();
  lines.splice(5000, 0, '{"ChannelType":"EMAIL", broken');
  expect(lines.length).toBe(USERS + USERS / 4 + USERS / 8 + 1);
  const created = await admin.ok('dataImport.create', {
    kind: 'PINPOINT_ENDPOINTS',
    fileName: 'endpoints.jsonl',
    totalBytes: lines.join('\n').length,
    columns: ['endpoint'],
    mappings: [],
    primaryKeyColumn: 0,
  });
  for (let at = 0; at < lines.length; at += UPLOAD_PAGE.rows) {
    const rows = lines.slice(at, at + UPLOAD_PAGE.rows).map((l) => [l.slice(0, IMPORT_CELL_MAX)]);
    await admin.ok('dataImport.appendRows', { id: created.id, fromRow: at + 2, rows, bytesRead: 0 });
  }
  const done = await admin.ok('dataImport.finish', { id: created.id });
  // one account per user; the other endpoints of a user update it
  expect(done).toMatchObject({ status: 'DONE', created: USERS, updated: USERS / 4 + USERS / 8, failed: 1 });
  const failures = await admin.ok('dataImport.getFailures', { id: created.id });
  expect(failures.list).toEqual([{ row: 5001, reason: 'JSON format error' }]);

  const japanese = await admin.ok('account.detail', { id: 'pp-0' });
  expect(japanese).toMatchObject({
    emails: ['pp0@example.com'],
    firstName: 'First0',
    lastName: 'Lee',
    locale: 'ja-JP',
    timeZone: 'Asia/Tokyo',
    country: 'JP',
    // opted out of email; its SMS endpoint is inactive; its push endpoint is active
    emailConsent: false,
    smsConsent: false,
    pushConsent: true,
    phones: ['+12065550000'],
    attributes: { Plan: 'silver', Favourite_colour: 'blue;green', Interests: 'Sports', city: 'Tokyo', zip: '10001' },
  });
  expect((await admin.ok('account.detail', { id: 'pp-0' })).attributes).not.toHaveProperty('phone');
  // its push endpoint is its device
  expect(await admin.ok('account.devices', { id: 'pp-0' })).toEqual([
    expect.objectContaining({
      deviceId: 'p-0',
      accountId: 'pp-0',
      platform: 'IOS',
      channel: 'APNS',
      pushToken: 'token0',
      os: 'ios',
      permission: 'ALWAYS',
      active: true,
      source: 'IMPORT',
    }),
  ]);
  expect(await admin.ok('account.devices', { id: 'pp-1' })).toEqual([]);
  expect(await admin.ok('account.detail', { id: 'pp-4' })).toMatchObject({
    emailConsent: true,
    smsConsent: false,
    pushConsent: false,
    country: 'US',
    locale: 'en-US',
    phones: ['+12065550004'],
  });
  expect(await admin.ok('account.detail', { id: 'pp-12' })).toMatchObject({ smsConsent: true, phones: ['+12065550012'] });
  expect(await admin.ok('account.detail', { id: 'pp-1' })).toMatchObject({ emailConsent: true, smsConsent: false });
  const list = await admin.ok('messageUnsubscription.getListByPage', { page: 0, size: 100, channelName: 'EMAIL' });
  expect(list.total).toBe(USERS / 100);
  expect(list.list.map((u) => u.id)).toContain(unsubscriptionId('EMAIL', 'pp100@example.com'));
  // SMS endpoints opted out of everything: their numbers, in E.164, on the list
  const sms = await admin.ok('messageUnsubscription.getListByPage', { page: 0, size: 100, channelName: 'SMS' });
  expect(sms.list.map((u) => u.target).sort()).toEqual(Array.from({ length: USERS / 400 }, (_, k) => `+1206555${String(k * 400 + 4).padStart(4, '0')}`).sort());
  expect(sms.list.map((u) => u.id)).toContain(unsubscriptionId('SMS', '+12065550004'));
  const sized = await admin.ok('segment.count', { rule: { op: 'AND', conditions: [{ field: 'attributes.Plan', operator: 'equals', value: 'gold' }] } });
  expect(sized.count).toBe(USERS / 2);
}, 240_000);

it('imports Pinpoint email, SMS and push templates as Herald templates, with their variables', async () => {
  const file = {
    Templates: [
      {
        EmailTemplateResponse: {
          TemplateName: 'PP welcome',
          TemplateType: 'EMAIL',
          Subject: 'Welcome, {{User.UserAttributes.FirstName}}',
          HtmlPart:
            '<html><head><style>p{color:red}</style></head><body><p>Hi <b>{{User.UserAttributes.FirstName}}</b>, your plan is {{Attributes.Plan}}.</p><script>alert(1)</script><a href="https://shop.example">Shop</a></body></html>',
          DefaultSubstitutions: '{"User.UserAttributes.FirstName":"there"}',
        },
      },
      { SMSTemplateResponse: { TemplateName: 'PP code', TemplateType: 'SMS', Body: 'Your code, {{User.UserAttributes.FirstName}}: 1234' } },
      {
        PushNotificationTemplateResponse: {
          TemplateName: 'PP sale',
          TemplateType: 'PUSH',
          Default: { Title: 'Sale', Body: 'Up to 30% off', Action: 'URL', Url: 'https://shop.example/sale', Sound: 'chime.caf' },
        },
      },
      { VoiceTemplateResponse: { TemplateName: 'PP voice', TemplateType: 'VOICE' }, TemplateName: 'PP voice', TemplateType: 'VOICE' },
    ],
  };
  const result = await admin.ok('templateMessage.importFile', { file: JSON.stringify(file) });
  expect(result).toMatchObject({ created: 3, updated: 0, failures: [{ entry: 4, name: 'PP voice', reason: expect.stringContaining('VOICE') }] });
  const byName = async (name: string) => {
    const row = (await admin.ok('templateMessage.getListByPage', { page: 0, size: 10, name })).list[0]!;
    return admin.ok('templateMessage.detail', { id: row.id });
  };
  const email = await byName('PP welcome');
  expect(email.channel).toBe('EMAIL');
  const en = (email.template.contents as Record<string, { subject: string; blocks: { type: string; text: string }[] }>).en!;
  expect(en.subject).toBe('Welcome, {{firstName|there}}');
  expect(en.blocks[0]!.text).toContain('<b>{{firstName|there}}</b>, your plan is {{attributes.Plan}}');
  // the document's head and scripts stay behind; what remains is rendered through the rich-text subset
  expect(en.blocks[0]!.text).not.toMatch(/<style|<script/);
  expect((await byName('PP code')).template).toMatchObject({ channel: 'SMS', contents: { en: { text: 'Your code, {{firstName}}: 1234' } } });
  expect((await byName('PP sale')).template).toMatchObject({
    channel: 'PUSH_NATIVE',
    contents: { en: { contentType: 'url', title: 'Sale', body: 'Up to 30% off', url: 'https://shop.example/sale', sound: 'chime.caf' } },
  });
});
