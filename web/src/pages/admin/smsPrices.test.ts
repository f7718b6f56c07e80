import { describe, expect, it } from 'vitest';
import { pricesText, readPrices } from './smsPrices';

describe('SMS prices as the system setting types them', () => {
  it('reads a country and a price a line, in any case, with a colon or full-width digits', () => {
    expect(readPrices('JP 1.6\n\ncn: 0.05\nＵＳ　０．００７５')).toEqual({
      prices: [
        { country: 'JP', price: 1.6 },
        { country: 'CN', price: 0.05 },
        { country: 'US', price: 0.0075 },
      ],
    });
    expect(readPrices('  ')).toEqual({ prices: [] });
  });

  it('names the first line that is not a country and a price', () => {
    expect(readPrices('JP 1.6\nJapan 1.6\nCN x')).toEqual({ bad: 'Japan 1.6' });
    expect(readPrices('JP -1')).toEqual({ bad: 'JP -1' });
    expect(readPrices('JP 1,6')).toEqual({ bad: 'JP 1,6' });
  });

  it('writes the stored prices back as it reads them', () => {
    const prices = [
      { country: 'JP', price: 1.6 },
      { country: 'CN', price: 0.05 },
    ];
    expect(pricesText(prices)).toBe('JP 1.6\nCN 0.05');
    expect(readPrices(pricesText(prices))).toEqual({ prices });
  });
});
