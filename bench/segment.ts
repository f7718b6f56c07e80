/**
 * The segment evaluator on one core: 1,000,000 synthetic accounts in memory (a seeded generator, so every run
 * sees the same data) tested against a five-condition rule, as a live count or a send's audience scan does.
 * Generation is not timed. Prints the matches, the first (cold) pass and the median of the timed passes, and the
 * same rule written by hand as a floor (its count must agree).
 *
 * Target: one pass under 1,000 ms. BENCH_ACCOUNTS (1000000) and BENCH_PASSES (5) change the run.
 */
import type { Account } from '../shared/entities/account';
import { compileRule, DAY_MS, describeRule, type Rule } from '../shared/segment';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1_000_000);
const PASSES = Number(process.env.BENCH_PASSES ?? 5);
const TARGET_MS = 1000;
const NOW = Date.UTC(2026, 0, 31, 12);

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

function generate(count: number): Account[] {
  const random = seeded(20260131);
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
  for (let i = 0; i < count; i++) {
    const [country, locale, timeZone] = place();
    const created = NOW - Math.floor(random() * 730 * DAY_MS);
    const tags: string[] = [];
    for (const tag of TAGS) if (random() < (tag === 'vip' ? 0.05 : 0.2)) tags.push(tag);
    accounts[i] = {
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

const rule: Rule = {
  op: 'AND',
  conditions: [
    { field: 'country', operator: 'equals', value: 'JP' },
    { field: 'attributes.plan', operator: 'in', value: ['gold', 'platinum'] },
    { field: 'emailConsent', operator: 'equals', value: true },
    {
      op: 'OR',
      conditions: [
        { field: 'tags', operator: 'hasTag', value: 'vip' },
        { field: 'dateCreated', operator: 'withinLastDays', value: 30 },
      ],
    },
  ],
};

let started = performance.now();
const accounts = generate(ACCOUNTS);
const count = ACCOUNTS.toLocaleString('en-US');
console.log(`generated ${count} accounts in ${(performance.now() - started).toFixed(0)} ms (not timed)`);
console.log(`rule: ${describeRule(rule)}`);

const predicate = compileRule(rule, NOW);
const times: number[] = [];
let matches = 0;
for (let pass = 0; pass < PASSES; pass++) {
  started = performance.now();
  let n = 0;
  for (let i = 0; i < accounts.length; i++) if (predicate(accounts[i])) n++;
  times.push(performance.now() - started);
  matches = n;
}

/** The same rule written by hand: the floor the compiled closures are measured against, and a check of the count. */
const since = NOW - 30 * DAY_MS;
started = performance.now();
let byHand = 0;
for (const a of accounts) {
  const plan = a.attributes.plan;
  const recent = a.dateCreated >= since && a.dateCreated <= NOW;
  const planned = plan === 'gold' || plan === 'platinum';
  if (a.country === 'JP' && planned && a.emailConsent && (a.tags.includes('vip') || recent)) byHand++;
}
const handMs = performance.now() - started;
if (byHand !== matches) {
  console.error(`the compiled rule matched ${matches}, the hand-written check ${byHand}`);
  process.exit(1);
}

const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
const all = times.map((t) => t.toFixed(0)).join(', ');
console.log(`matches: ${matches.toLocaleString('en-US')} of ${count}`);
console.log(`one core: first pass ${times[0].toFixed(0)} ms; median of ${PASSES} ${median.toFixed(0)} ms (${all})`);
console.log(`hand-written loop of the same rule: ${handMs.toFixed(0)} ms (same count)`);
console.log(`target < ${TARGET_MS} ms per pass: ${times[0] < TARGET_MS ? 'met' : 'MISSED'}`);
if (times[0] >= TARGET_MS) process.exitCode = 1;
