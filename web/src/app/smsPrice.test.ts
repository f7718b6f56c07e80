import { describe, expect, it } from 'vitest';
import { smsCostOf, smsPricingOf } from './smsPrice';

describe('smsPricingOf', () => {
  const setting = {
    smsPrices: [
      { country: 'CN', price: 0.05 },
      { country: 'JP', price: 1.6 },
    ],
    currency: 'JPY',
    defaultCountry: 'JP',
  };

  it("takes the price of the organization's own country, in its currency", () => {
    expect(smsPricingOf(setting)).toEqual({ price: 1.6, currency: 'JPY' });
    expect(smsPricingOf({ ...setting, defaultCountry: 'CN', currency: 'CNY' })).toEqual({ price: 0.05, currency: 'CNY' });
  });

  it('has none without a price for the country, a currency or a country', () => {
    expect(smsPricingOf({ ...setting, defaultCountry: 'US' })).toBeUndefined();
    expect(smsPricingOf({ ...setting, currency: '' })).toBeUndefined();
    expect(smsPricingOf({ ...setting, defaultCountry: '' })).toBeUndefined();
    expect(smsPricingOf({})).toBeUndefined();
    expect(smsPricingOf(undefined)).toBeUndefined();
  });
});

describe('smsCostOf', () => {
  it('multiplies the parts by the price and writes both in the currency, decimals kept', () => {
    expect(smsCostOf(2, { price: 1.6, currency: 'JPY' }, 'ja')).toEqual({ total: '￥3.2', each: '￥1.6' });
    expect(smsCostOf(2, { price: 1.6, currency: 'JPY' }, 'en')).toEqual({ total: '¥3.2', each: '¥1.6' });
    expect(smsCostOf(3, { price: 0.1, currency: 'CNY' }, 'zh')).toEqual({ total: '¥0.30', each: '¥0.10' });
    expect(smsCostOf(2, { price: 0.0075, currency: 'USD' }, 'en')).toEqual({ total: '$0.015', each: '$0.0075' });
    expect(smsCostOf(1, { price: 5, currency: 'JPY' }, 'en')).toEqual({ total: '¥5', each: '¥5' });
  });
});
