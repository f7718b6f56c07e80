/**
 * System setting: the organization's own setting, and the deployment's send rates that only the first
 * organization's administrators change and that the delivery workers follow within their cache period.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { storedSendRates } from '../../functions/domain/sendRates';
import { Store } from '../../functions/store/store';
import { ApiClient, manualClock, startHerald } from '../support/herald';

let herald: LocalHerald;
let admin: ApiClient;
let admin2: ApiClient;
const clock = manualClock(Date.UTC(2026, 10, 24, 9));

beforeAll(async () => {
  herald = await startHerald({ clock });
  admin = new ApiClient(herald);
  await admin.login();
  await admin.ok('organization.save', { name: 'Tenant two', code: 'TWO' });
  admin2 = new ApiClient(herald);
  admin2.token = (await admin.ok('user.switchOrganization', { orgId: 2 })).accessToken;
  admin.token = (await admin.ok('user.switchOrganization', { orgId: 1 })).accessToken;
});
afterAll(() => herald?.stop());

describe("the organization's setting", () => {
  it('starts from the defaults, saves with its version, and refuses a stale save (720007)', async () => {
    const first = await admin.ok('systemSetting.detail');
    expect(first.organization).toMatchObject({ version: 0, singleMessageApprovalSheet: true, countryList: [], defaultCountry: '' });
    const saved = await admin.ok('systemSetting.save', { ...first.organization, previewAppName: 'Herald Preview', countryList: ['jp', 'US', 'JP'], defaultCountry: 'jp' });
    expect(saved).toMatchObject({ version: 1, previewAppName: 'Herald Preview', countryList: ['JP', 'US'], defaultCountry: 'JP' });
    const stale = await admin.call('systemSetting.save', { ...first.organization, previewAppName: 'Late' });
    expect(stale.body.errorCode).toBe('720007');
    expect((await admin.ok('systemSetting.detail')).organization.previewAppName).toBe('Herald Preview');
  });

  it('answers bad input with a catalogue error naming the field', async () => {
    const { organization } = await admin.ok('systemSetting.detail');
    const country = await admin.call('systemSetting.save', { ...organization, countryList: ['Japan'] });
    expect(country.status).toBe(400);
    expect(country.body.errorMessage).toContain('Use two-letter country codes');
    const defaultCountry = await admin.call('systemSetting.save', { ...organization, defaultCountry: 'JPN' });
    expect(defaultCountry.body).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('payload.defaultCountry') });
    const tips = await admin.call('systemSetting.save', { ...organization, approvalSheetTips: 'x'.repeat(501) });
    expect(tips.status).toBe(400);
    expect(tips.body.errorMessage).toContain('approvalSheetTips');
    const address = await admin.call('systemSetting.save', { ...organization, testAddresses: ['qa@example.com', 'not an address'] });
    expect(address.body).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('payload.testAddresses.1') });
    const many = await admin.call('systemSetting.save', { ...organization, testAddresses: Array.from({ length: 101 }, (_, i) => `qa${i}@example.com`) });
    expect(many.body).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('At most 100 test addresses') });
  });

  it('is each organization\u2019s own', async () => {
    const two = await admin2.ok('systemSetting.detail');
    expect(two.organization).toMatchObject({ version: 0, previewAppName: '' });
    await admin2.ok('systemSetting.save', { ...two.organization, previewAppName: 'Two' });
    expect((await admin.ok('systemSetting.detail')).organization.previewAppName).toBe('Herald Preview');
  });
});

describe("the organization's locale defaults", () => {
  it('start as English in the browser\u2019s zone, save, reach every member through the configuration, and refuse an unknown zone', async () => {
    const { organization } = await admin2.ok('systemSetting.detail');
    expect(organization).toMatchObject({ defaultLanguage: 'en', defaultTimeZone: '' });
    expect((await admin2.ok('auth.configuration')).systemSetting).toMatchObject({ defaultLanguage: 'en', defaultTimeZone: '' });
    const saved = await admin2.ok('systemSetting.save', { ...organization, defaultLanguage: 'ja', defaultTimeZone: 'Asia/Tokyo' });
    expect(saved).toMatchObject({ defaultLanguage: 'ja', defaultTimeZone: 'Asia/Tokyo' });
    expect((await admin2.ok('auth.configuration')).systemSetting).toMatchObject({ defaultLanguage: 'ja', defaultTimeZone: 'Asia/Tokyo' });
    expect((await admin.ok('auth.configuration')).systemSetting).toMatchObject({ defaultLanguage: 'en', defaultTimeZone: '' });
    const zone = await admin2.call('systemSetting.save', { ...saved, defaultTimeZone: 'Mars/Olympus' });
    expect(zone.body).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('defaultTimeZone') });
    const language = await admin2.call('systemSetting.save', { ...saved, defaultLanguage: 'fr' });
    expect(language.status).toBe(400);
  });
});

describe("the organization's SMS prices (issue 39)", () => {
  it('save per country with their currency, reach every member through the configuration, and refuse bad ones in the reader language', async () => {
    const { organization } = await admin2.ok('systemSetting.detail');
    expect(organization).toMatchObject({ smsPrices: [], currency: '' });
    const saved = await admin2.ok('systemSetting.save', {
      ...organization,
      defaultCountry: 'jp',
      smsPrices: [
        { country: 'jp', price: 1.6 },
        { country: 'CN', price: 0.05 },
      ],
      currency: 'jpy',
    });
    const prices = [
      { country: 'JP', price: 1.6 },
      { country: 'CN', price: 0.05 },
    ];
    expect(saved).toMatchObject({ smsPrices: prices, currency: 'JPY' });
    expect((await admin2.ok('auth.configuration')).systemSetting).toMatchObject({ smsPrices: prices, currency: 'JPY', defaultCountry: 'JP' });
    // another organization's prices are not this one's
    expect((await admin.ok('auth.configuration')).systemSetting).toMatchObject({ smsPrices: [], currency: '' });

    const bad = async (patch: Record<string, unknown>, lang = 'en') => (await admin2.call('systemSetting.save', { ...saved, ...patch }, { 'x-lang': lang })).body;
    expect(await bad({ currency: 'YEN' })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('payload.currency: Use a three-letter currency code') });
    expect(await bad({ currency: '' })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('payload.currency: Choose the currency of the SMS prices.') });
    expect(await bad({ currency: '' }, 'ja')).toMatchObject({ errorMessage: expect.stringContaining('SMS の価格の通貨を選んでください。') });
    expect(await bad({ smsPrices: [{ country: 'Japan', price: 1 }] })).toMatchObject({ errorMessage: expect.stringContaining('payload.smsPrices.0.country') });
    expect(await bad({ smsPrices: [{ country: 'JP', price: 0 }] }, 'zh')).toMatchObject({ errorMessage: expect.stringContaining('价格须大于 0。') });
    expect(
      await bad({
        smsPrices: [
          { country: 'JP', price: 1 },
          { country: 'jp', price: 2 },
        ],
      }),
    ).toMatchObject({ errorMessage: expect.stringContaining('Each country has one price.') });
    // none: no cost shown, and no currency needed
    expect(await admin2.ok('systemSetting.save', { ...saved, smsPrices: [], currency: '' })).toMatchObject({ smsPrices: [], currency: '' });
  });
});

describe("the deployment's send rates", () => {
  it('show the environment defaults until the first organization\u2019s administrators change them', async () => {
    const { sending } = await admin.ok('systemSetting.detail');
    expect(sending).toEqual({ rates: herald.rt.config.sendRates, version: 0, editable: true });
    const saved = await admin.ok('systemSetting.saveSendRates', { rates: { ...sending.rates, EMAIL: 40 }, version: 0 });
    expect(saved).toMatchObject({ version: 1, rates: { EMAIL: 40 } });
    expect((await admin.call('systemSetting.saveSendRates', { rates: { ...sending.rates, EMAIL: 50 }, version: 0 })).body.errorCode).toBe('720007');
    const zero = await admin.call('systemSetting.saveSendRates', { rates: { ...sending.rates, EMAIL: 0 }, version: 1 });
    expect(zero.status).toBe(400);
    expect(zero.body.errorMessage).toContain('At least 1 message per second.');
  });

  it('are read-only to another organization, which cannot change them (730001)', async () => {
    const { sending } = await admin2.ok('systemSetting.detail');
    expect(sending).toMatchObject({ editable: false, rates: { EMAIL: 40 } });
    const refused = await admin2.call('systemSetting.saveSendRates', { rates: { ...sending.rates, EMAIL: 1000 }, version: sending.version });
    expect(refused.body.errorCode).toBe('730001');
    expect((await admin.ok('systemSetting.detail')).sending.rates.EMAIL).toBe(40);
  });

  it('reach the workers within their cache period', async () => {
    const rateOf = storedSendRates(new Store(herald.rt), herald.rt.config.sendRates, clock, 10_000);
    expect(await rateOf('EMAIL')).toBe(40);
    const { sending } = await admin.ok('systemSetting.detail');
    await admin.ok('systemSetting.saveSendRates', { rates: { ...sending.rates, EMAIL: 25 }, version: sending.version });
    expect(await rateOf('EMAIL')).toBe(40);
    clock.advance(10_000);
    expect(await rateOf('EMAIL')).toBe(25);
    expect(await rateOf('SMS')).toBe(herald.rt.config.sendRates.SMS);
  });
});
