/**
 * Segment sizes at a million accounts (issue 42 item 1). An organization of 1,000,000 synthetic accounts (the
 * seeded generator of bench/segment.ts) gets its audience snapshot written straight from the generator (the
 * accounts are not put in DynamoDB: writing them takes minutes and is bench/import.ts's subject); then every size
 * is asked through the real read path, `segment.count` over HTTP: router, handler, the snapshot's objects on
 * s3rver, the columnar count. Prints:
 *
 * - the snapshot's size (its objects) and the time to write it (not a count's cost);
 * - the first count in a fresh process (cold: every column it needs is fetched and decoded), then 10 edits of a
 *   five-condition rule, each a different rule, BENCH_PAUSE_MS (2,000) apart: median and worst, each count compared with the evaluator run
 *   over the same 1,000,000 accounts in memory (a mismatch fails the run);
 * - how long an account change takes to show in a count: an account created (DynamoDB Local, then its delta),
 *   then counts until it is in, 5 times: the time from the write's start to the count that shows it.
 *
 * - each channel's reach but push's (`segment.count` with a channel) over a rule matching about 70 % of the accounts,
 *   first and again: the generated accounts get phones, LINE ids and postal addresses, every 500th address of each
 *   channel goes on its opt-out list, and each reach is compared with the channel adapters' own reach over the same
 *   accounts in memory; then the old full read (`countMatching` through DynamoDB Local) beside the snapshot at
 *   BENCH_FULL_READ_ACCOUNTS (20000) accounts of a second organization.
 *
 * Target: each count and each reach under 1,000 ms. BENCH_ACCOUNTS (1000000) changes the size. Run: `node --expose-gc --import tsx bench/audienceSnapshot.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Accounts } from '../functions/domain/accounts';
import { writeBase } from '../functions/domain/audience/snapshot';
import { bootLocal } from '../functions/local/boot';
import { Store } from '../functions/store/store';
import type { Account } from '../shared/entities';
import { compileSegment, describeRule, type Rule } from '../shared/segment';
import { adapterOf } from '../functions/channels';
import { countMatching, segmentSize } from '../functions/services/segment';
import { type Channel, CHANNELS } from '../shared/delivery';
import { unsubscriptionId } from '../shared/entities';
import { generate } from './accountGenerator';
import { apiCaller } from './call';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1_000_000);
const TARGET_MS = 1000;
/** Between edits (BENCH_PAUSE_MS): 0 asks back to back, with no time to warm the other columns. */
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 2000);
const MB = 1024 * 1024;
const FULL_READ_ACCOUNTS = Number(process.env.BENCH_FULL_READ_ACCOUNTS ?? 20_000);
/** The reach's rule: about 70 % of the generated accounts. */
const REACH_RULE: Rule = { op: 'AND', conditions: [{ field: 'attributes.plan', operator: 'in', value: ['free', 'silver', 'gold'] }] };
const REACH_CHANNELS = CHANNELS.filter((c): c is Exclude<Channel, 'PUSH_NATIVE'> => c !== 'PUSH_NATIVE');

/** Phones, LINE ids and postal addresses on some generated accounts, the same for the same index. */
function withAddresses(accounts: Account[]): Account[] {
  for (const [i, a] of accounts.entries()) {
    const more = a as Account & { phones?: string[]; lineUserId?: string };
    if (i % 5 < 3) more.phones = [`+8190${String(i).padStart(8, '0')}`];
    if (i % 5 < 2) more.lineUserId = `U${i.toString(16).padStart(32, '0')}`;
    more.lineConsent = i % 3 === 0;
    if (i % 4 < 2) a.address = { lines: [`${(i % 40) + 1}-${(i % 9) + 1} Jingumae`], region: '東京都', city: '渋谷区', ...(i % 4 === 0 ? { postcode: '150-0001' } : {}) };
  }
  return accounts;
}

/** Every 500th account's address of each channel (as its adapter reaches it), for its opt-out list. */
async function optOutsOf(accounts: readonly Account[], tenant: Parameters<typeof countMatching>[0]) {
  const listed: { channel: Channel; target: string }[] = [];
  const some = accounts.filter((_, i) => i % 500 === 0);
  for (const channel of REACH_CHANNELS) {
    for (const reach of await adapterOf(channel).reach(some, tenant)) if (!('reason' in reach)) listed.push({ channel, target: reach.address });
  }
  return listed;
}

/** The adapters' own reach over accounts in memory, each checked against the listed addresses: the bench's reference. */
async function reachInMemory(accounts: readonly Account[], listed: ReadonlySet<string>, tenant: Parameters<typeof countMatching>[0]) {
  const member = compileSegment({ rule: REACH_RULE }, Date.now());
  const members = accounts.filter((a) => member(a));
  const out = new Map<Channel, number>();
  for (const channel of REACH_CHANNELS) {
    let reachable = 0;
    for (const reach of await adapterOf(channel).reach(members, tenant)) {
      if (!('reason' in reach) && !reach.skip && reach.consent && !listed.has(unsubscriptionId(channel, reach.address))) reachable++;
    }
    out.set(channel, reachable);
  }
  return out;
}
const at = (iso: string) => Date.parse(iso);

/** Ten edits of a five-condition rule: each asks another field, operator or value, as a marketer's edits do. */
const EDITS: Rule[] = [
  ['JP', ['gold', 'platinum'], true, 'vip', 600],
  ['US', ['gold'], true, 'newsletter', 300],
  ['JP', ['silver', 'gold'], false, 'beta', 100],
  ['DE', ['platinum'], true, 'app-user', 900],
  ['KR', ['free'], true, 'store-visitor', 0],
].flatMap(([country, plans, consent, tag, score], i): Rule[] => [
  {
    op: 'AND',
    conditions: [
      { field: 'country', operator: 'equals', value: country as string },
      { field: 'attributes.plan', operator: 'in', value: plans as string[] },
      { field: 'emailConsent', operator: 'equals', value: consent as boolean },
      {
        op: 'OR',
        conditions: [
          { field: 'tags', operator: 'hasTag', value: tag as string },
          { field: 'dateCreated', operator: 'after', value: at('2025-12-01') },
        ],
      },
      { field: 'attributes.score', operator: 'gte', value: score as number },
    ],
  },
  {
    op: 'AND',
    conditions: [
      { field: 'locale', operator: i % 2 ? 'notEquals' : 'equals', value: 'ja-JP' },
      { field: 'tags', operator: 'notHasTag', value: tag as string },
      { field: 'smsConsent', operator: 'equals', value: !consent },
      { field: 'attributes.lastPurchase', operator: 'after', value: '2025-06-01' },
      { field: 'email', operator: 'contains', value: `user${i + 1}` },
    ],
  },
]);

const dir = mkdtempSync(join(tmpdir(), 'herald-bench-audience-'));
const herald = await bootLocal({ dataDir: dir, persistent: false, logLevel: 'silent', config: { adminPassword: 'Bench@1234', tablePrefix: 'benchaud-' } });
const call = apiCaller(herald);
const storage = herald.rt.ports.storage;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  const { accessToken } = await call('auth.login', { username: 'admin', password: 'Bench@1234' });
  let started = performance.now();
  let accounts: ReturnType<typeof generate> | undefined = withAddresses(generate(ACCOUNTS));
  console.log(`\nAudience snapshot of ${ACCOUNTS.toLocaleString('en-US')} accounts (generated in ${((performance.now() - started) / 1000).toFixed(1)} s, not timed)`);

  started = performance.now();
  await writeBase(storage, 1, accounts, Date.now());
  const files = (await storage.list('audience/1/base/')).folders;
  const objects = (await storage.list(files[0], 1000)).files;
  const bytes = objects.reduce((n, f) => n + f.size, 0);
  console.log(
    `  snapshot      ${(bytes / MB).toFixed(1)} MB in ${objects.length} objects (ids and ${objects.length - 1} columns), written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const largest = [...objects].sort((a, b) => b.size - a.size).slice(0, 3);
  console.log(
    `  largest       ${largest
      .map(
        (f) =>
          `${Buffer.from(
            f.key
              .split('/')
              .pop()!
              .replace(/\.col$/, ''),
            'base64url',
          ).toString()} ${(f.size / MB).toFixed(1)} MB`,
      )
      .join(', ')}`,
  );

  const count = async (rule: Rule) => {
    const t = performance.now();
    const size = await call('segment.count', { rule }, accessToken);
    return { ms: performance.now() - t, size };
  };
  // the evaluator's answers first, over the same accounts; then the accounts go, so the server's counts run
  // without a gigabyte of test data in the heap beside them
  const evaluated = new Map<Rule, number>();
  for (const rule of EDITS) {
    const member = compileSegment({ rule }, Date.now());
    let n = 0;
    for (const a of accounts) if (member(a)) n++;
    evaluated.set(rule, n);
  }
  const tenant = new Store(herald.rt).forOrg(1);
  // a printed address may be shared: the list holds it once
  const listed = [...new Map((await optOutsOf(accounts, tenant)).map((l) => [unsubscriptionId(l.channel, l.target), l])).values()];
  await tenant.putMany(
    'messageUnsubscription',
    listed.map((l) => ({ id: unsubscriptionId(l.channel, l.target), channelName: l.channel, target: l.target, source: 'UNSUBSCRIBE' as const, dateCreated: Date.now() })),
  );
  const listedIds = new Set(listed.map((l) => unsubscriptionId(l.channel, l.target)));
  const expectedReach = await reachInMemory(accounts, listedIds, tenant);
  const template = accounts[0];
  accounts = undefined;
  (globalThis as { gc?: () => void }).gc?.();
  let mismatches = 0;
  const check = (rule: Rule, got: number, extra: readonly Account[] = []) => {
    const member = compileSegment({ rule }, Date.now());
    let expected = evaluated.get(rule)!;
    for (const a of extra) if (member(a)) expected++;
    if (expected !== got) {
      mismatches++;
      console.error(`  MISMATCH ${describeRule(rule)}: snapshot ${got}, evaluator ${expected}`);
    }
    return expected;
  };

  const cold = await count(EDITS[0]);
  check(EDITS[0], cold.size.count);
  console.log(`  first count   ${cold.ms.toFixed(0)} ms (cold process: the rule's columns fetched and decoded), ${cold.size.count.toLocaleString('en-US')} match`);
  const times: number[] = [];
  for (const [i, rule] of EDITS.entries()) {
    // a marketer's pace: the editor asks 600 ms after the last change, and an edit takes seconds
    await new Promise((r) => setTimeout(r, PAUSE_MS));
    const { ms, size } = await count(rule);
    times.push(ms);
    const expected = check(rule, size.count);
    console.log(
      `  edit ${String(i + 1).padStart(2)}       ${ms.toFixed(0).padStart(4)} ms  ${size.count.toLocaleString('en-US').padStart(9)} of ${size.total.toLocaleString('en-US')} (evaluator ${expected.toLocaleString('en-US')})`,
    );
  }
  console.log(
    `  10 edits      median ${median(times).toFixed(0)} ms, worst ${Math.max(...times).toFixed(0)} ms; exact: ${mismatches === 0 ? 'yes, every count' : `NO (${mismatches})`}`,
  );

  const added: Account[] = [];
  const lags: number[] = [];
  const rule = EDITS[0];
  for (let k = 0; k < 5; k++) {
    const now = Date.now();
    const account = {
      ...template,
      id: `bench-new-${k}`,
      country: 'JP',
      emailConsent: true,
      tags: ['vip'],
      attributes: { plan: 'gold', score: 999 },
      dateCreated: now,
      dateUpdated: now,
    };
    const before = (await count(rule)).size.count;
    const t = performance.now();
    await new Accounts(tenant).create(account);
    let seen = false;
    while (!seen) seen = (await count(rule)).size.count === before + 1;
    lags.push(performance.now() - t);
    added.push(account);
  }
  const last = await count(rule);
  check(rule, last.size.count, added);
  console.log(
    `  change shown  median ${median(lags).toFixed(0)} ms, worst ${Math.max(...lags).toFixed(0)} ms from an account's write to the count that shows it (pending ${last.size.snapshot?.pending})`,
  );
  // each channel's reach (first in the process: its columns fetched and decoded), then again
  const reachTimes: number[] = [];
  const addedReach = await reachInMemory(added, listedIds, tenant);
  for (const channel of REACH_CHANNELS) {
    const runs: { ms: number; reachable: number }[] = [];
    for (let k = 0; k < 2; k++) {
      const t = performance.now();
      const size = await call('segment.count', { rule: REACH_RULE, channel }, accessToken);
      runs.push({ ms: performance.now() - t, reachable: size.reach!.reachable });
    }
    reachTimes.push(...runs.map((r) => r.ms));
    const expected = expectedReach.get(channel)! + addedReach.get(channel)!;
    const exact = runs.every((r) => r.reachable === expected);
    if (!exact) mismatches++;
    console.log(
      `  reach ${channel.padEnd(11)} first ${runs[0].ms.toFixed(0).padStart(5)} ms, again ${runs[1].ms.toFixed(0).padStart(4)} ms  ${runs[0].reachable.toLocaleString('en-US').padStart(9)} reachable (adapters in memory ${expected.toLocaleString('en-US')}${exact ? '' : ', MISMATCH'})`,
    );
  }

  // the old full read beside the snapshot, at a size DynamoDB Local takes in seconds (a second organization)
  const small = new Store(herald.rt).forOrg(2);
  const smallAccounts = withAddresses(generate(FULL_READ_ACCOUNTS)).map((a) => ({ ...a, orgId: 2 }));
  await new Accounts(small).putMany(smallAccounts);
  for (const channel of ['EMAIL', 'DIRECT_MAIL'] as const) {
    let t = performance.now();
    const full = await countMatching(small, { rule: REACH_RULE }, Date.now(), undefined, channel);
    const fullMs = performance.now() - t;
    await segmentSize(small, { rule: REACH_RULE }, Date.now(), channel); // builds the snapshot the first time
    t = performance.now();
    const fast = await segmentSize(small, { rule: REACH_RULE }, Date.now(), channel);
    const fastMs = performance.now() - t;
    const same = JSON.stringify(full.reach) === JSON.stringify(fast.reach);
    if (!same) mismatches++;
    console.log(
      `  full read     ${channel.padEnd(11)} ${FULL_READ_ACCOUNTS.toLocaleString('en-US')} accounts: DynamoDB ${fullMs.toFixed(0)} ms, snapshot ${fastMs.toFixed(0)} ms; reach ${same ? 'equal' : 'DIFFERENT'} (${fast.reach!.reachable.toLocaleString('en-US')} reachable)`,
    );
  }

  const worst = Math.max(cold.ms, ...times, ...reachTimes);
  console.log(
    `  target < ${TARGET_MS} ms per count: ${worst < TARGET_MS ? 'met' : `MISSED (worst ${worst.toFixed(0)} ms)`}; peak RSS ${(process.memoryUsage().rss / MB).toFixed(0)} MB`,
  );
  if (mismatches > 0 || worst >= TARGET_MS) process.exitCode = 1;
} finally {
  await herald.stop();
  rmSync(dir, { recursive: true, force: true });
}
