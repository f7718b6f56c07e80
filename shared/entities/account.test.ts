import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, ACCOUNT_SHARDS, accountEntity, accountKey, accountSchema, accountShard } from './account';

const base = { orgId: 7, id: 'cust-1', version: 0, dateCreated: 1, dateUpdated: 1, createdBy: 'u', updatedBy: 'u' };
const issues = (extra: Record<string, unknown>) => accountSchema.safeParse({ ...base, ...extra }).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('account schema', () => {
  it('canonicalizes locale, time zone and country; consents default to no', () => {
    const a = accountSchema.parse({ ...base, locale: 'ja-jp', timeZone: 'asia/tokyo', country: 'jp', tags: ['vip', 'vip'] });
    expect(a).toMatchObject({ locale: 'ja-JP', timeZone: 'Asia/Tokyo', country: 'JP', tags: ['vip'], emails: [], attributes: {} });
    expect([a.emailConsent, a.smsConsent, a.pushConsent, a.lineConsent]).toEqual([false, false, false, false]);
  });

  it('names each invalid field', () => {
    expect(issues({ locale: 'not a locale' })).toEqual([`locale: ${ACCOUNT_MESSAGES.locale}`]);
    expect(issues({ timeZone: '+09:00' })).toEqual([`timeZone: ${ACCOUNT_MESSAGES.timeZone}`]);
    expect(issues({ timeZone: 'Mars/Olympus' })).toEqual([`timeZone: ${ACCOUNT_MESSAGES.timeZone}`]);
    expect(issues({ country: 'JPN' })).toEqual([`country: ${ACCOUNT_MESSAGES.country}`]);
    expect(issues({ emails: ['a@b.co', 'A@B.CO'] })).toEqual([`emails: ${ACCOUNT_MESSAGES.emailTwice}`]);
    expect(issues({ emails: ['nope'] })).toEqual(['emails.0: Please enter the correct email address.']);
    expect(issues({ phones: ['090-1234-5678'] })).toEqual([`phones.0: ${ACCOUNT_MESSAGES.phone}`]);
    expect(issues({ phones: ['+819012345678', '+81 90 1234 5678'] })).toEqual([`phones: ${ACCOUNT_MESSAGES.phoneTwice}`]);
    expect(issues({ lineUserId: `U${'A'.repeat(32)}` })).toEqual([`lineUserId: ${ACCOUNT_MESSAGES.lineUserId}`]);
    expect(issues({ address: { lines: ['1', '2', '3', '4'], country: 'JPN' } })).toHaveLength(2);
    expect(issues({ attributes: { '1st': 1 } })).toEqual([`attributes.1st: ${ACCOUNT_MESSAGES.attributeName}`]);
    expect(issues({ attributes: { plan: { nested: true } } })).toHaveLength(1);
    expect(issues({ attributes: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`a${i}`, i])) })).toEqual([`attributes: ${ACCOUNT_MESSAGES.tooManyAttributes}`]);
  });
});

describe('phones, LINE user id and postal address', () => {
  it('keeps phones in E.164 and the address with its empty lines dropped', () => {
    const a = accountSchema.parse({
      ...base,
      phones: ['+81 90-1234-5678', '+1 (206) 555-0100'],
      lineUserId: `U${'ab'.repeat(16)}`,
      address: { lines: ['1-2-3 Shibuya', '', ''], country: 'jp' },
    });
    expect(a).toMatchObject({ phones: ['+819012345678', '+12065550100'], lineUserId: `U${'ab'.repeat(16)}`, address: { lines: ['1-2-3 Shibuya'], country: 'JP' } });
    // accounts stored before phones existed have none
    expect(accountSchema.parse(base).phones).toBeUndefined();
  });
});

describe('account keys', () => {
  it('keys an account by its organization shard, then its id', () => {
    expect(accountEntity.partitionKey).toEqual({ name: 'pk', type: 'S' });
    expect(accountEntity.sortKey).toEqual({ name: 'id', type: 'S' });
    expect(accountEntity.shardedPartition.shards).toBe(ACCOUNT_SHARDS);
    expect(accountKey(7, 'cust-1')).toEqual({ pk: `7#${accountShard('cust-1')}`, id: 'cust-1' });
    expect(accountShard('cust-1')).toBe(accountShard('cust-1'));
  });

  it('spreads sequential and random ids evenly over the shards', () => {
    for (const ids of [
      Array.from({ length: 160_000 }, (_, i) => `u${String(i).padStart(7, '0')}`),
      Array.from({ length: 160_000 }, (_, i) => String(i)),
      Array.from({ length: 160_000 }, (_, i) => `${(i * 2654435761) % 4294967296}@example.com`),
    ]) {
      const counts = new Array<number>(ACCOUNT_SHARDS).fill(0);
      for (const id of ids) counts[accountShard(id)]++;
      const mean = ids.length / ACCOUNT_SHARDS;
      for (const c of counts) expect(Math.abs(c - mean) / mean).toBeLessThan(0.05);
    }
  });
});
