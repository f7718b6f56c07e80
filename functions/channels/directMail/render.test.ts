import { expect, it } from 'vitest';
import { isCompletePostal, printedAddress } from './render';

it('prints an address in the order its post reads it, and needs an address line and a postcode', () => {
  const tokyo = { lines: ['神宮前1-2-3'], city: '渋谷区', region: '東京都', postcode: '150-0001', country: 'JP' };
  expect(printedAddress(tokyo, { lastName: '山田', firstName: '太郎' })).toBe('〒150-0001\n東京都渋谷区神宮前1-2-3\n山田 太郎 様');
  // a name written with its honorific keeps it
  expect(printedAddress({ ...tokyo, recipientName: '株式会社アクメ 御中' })).toBe('〒150-0001\n東京都渋谷区神宮前1-2-3\n株式会社アクメ 御中');
  const shanghai = { lines: ['世纪大道100号'], city: '浦东新区', region: '上海市', postcode: '200120' };
  expect(printedAddress(shanghai, { lastName: '王', firstName: '小明', country: 'CN' })).toBe('200120\n上海市浦东新区世纪大道100号\n王 小明 收');
  expect(printedAddress({ recipientName: 'Alice Smith', lines: ['1 Main Street'], city: 'Springfield', region: 'IL', postcode: '62701', country: 'US' })).toBe(
    'Alice Smith\n1 Main Street\nSpringfield IL 62701\nUS',
  );
  // a Japanese address in Latin letters is printed in the Western order
  expect(printedAddress({ recipientName: 'Hana Sato', lines: ['1-2-3 Ginza'], city: 'Chuo-ku', region: 'Tokyo', postcode: '104-0061', country: 'JP' })).toBe(
    'Hana Sato\n1-2-3 Ginza\nChuo-ku Tokyo 104-0061\nJP',
  );
  expect(printedAddress({ lines: [] })).toBeUndefined();

  expect(isCompletePostal(tokyo)).toBe(true);
  // a prefecture alone, a street without its postcode, a postcode without a street
  expect(isCompletePostal({ region: '大阪府', country: 'JP' })).toBe(false);
  expect(isCompletePostal({ lines: ['3 Hush Lane'], city: 'Bath', country: 'GB' })).toBe(false);
  expect(isCompletePostal({ lines: ['  '], postcode: '150-0001', country: 'JP' })).toBe(false);
  // where the post has no postcodes (Hong Kong), the street is enough; the account's country stands in for the address's
  expect(isCompletePostal({ lines: ['1 Queen’s Road Central'] }, { country: 'HK' })).toBe(true);
});
