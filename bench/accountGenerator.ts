/**
 * Synthetic accounts for the segment benches: a seeded generator (mulberry32), so every run sees the same data;
 * countries, plans, tags, consents and dates in realistic shares.
 */
import type { Account } from '../shared/entities/account';
import { DAY_MS } from '../shared/segment';

export const NOW = Date.UTC(2026, 0, 31, 12);

/** mulberry32: a small seeded generator of floats in [0, 1). */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted<T>(random: () => number, choices: readonly (readonly [T, number])[]): () => T {
  const total = choices.reduce((n, [, w]) => n + w, 0);
  return () => {
    let r = random() * total;
    for (const [value, w] of choices) if ((r -= w) < 0) return value;
    return choices[choices.length - 1][0];
  };
}

/** `count` accounts numbered from `first` (a large set made in slices, each seeded by where it starts). */
export function generate(count: number, first = 0): Account[] {
  const random = seeded(20260131 + first);
  const place = weighted(random, [
    [['JP', 'ja-JP', 'Asia/Tokyo'], 30],
    [['US', 'en-US', 'America/New_York'], 25],
    [['KR', 'ko-KR', 'Asia/Seoul'], 10],
    [['TW', 'zh-TW', 'Asia/Taipei'], 10],
    [['GB', 'en-GB', 'Europe/London'], 10],
    [['DE', 'de-DE', 'Europe/Berlin'], 10],
    [['SG', 'en-SG', 'Asia/Singapore'], 5],
  ] as const);
  const plan = weighted(random, [
    ['free', 50],
    ['silver', 25],
    ['gold', 15],
    ['platinum', 10],
  ] as const);
  const TAGS = ['vip', 'newsletter', 'beta', 'churn-risk', 'app-user', 'store-visitor'];
  const accounts = new Array<Account>(count);
  for (let n = 0; n < count; n++) {
    const i = first + n;
    const [country, locale, timeZone] = place();
    const created = NOW - Math.floor(random() * 730 * DAY_MS);
    const tags: string[] = [];
    for (const tag of TAGS) if (random() < (tag === 'vip' ? 0.05 : 0.2)) tags.push(tag);
    accounts[n] = {
      orgId: 1,
      id: `cust-${i}`,
      version: 1,
      dateCreated: created,
      dateUpdated: created + Math.floor(random() * DAY_MS),
      createdBy: 'import',
      updatedBy: 'import',
      emails: [`user${i}@example.com`],
      firstName: 'Taro',
      lastName: 'Yamada',
      locale,
      timeZone,
      country,
      tags,
      attributes: { plan: plan(), score: Math.floor(random() * 1000), lastPurchase: new Date(created).toISOString() },
      emailConsent: random() < 0.7,
      smsConsent: random() < 0.3,
      pushConsent: random() < 0.5,
      lineConsent: false,
    };
  }
  return accounts;
}
