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
 * Target: each count under 1,000 ms. BENCH_ACCOUNTS (1000000) changes the size. Run: `node --expose-gc --import tsx bench/audienceSnapshot.ts`.
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
import { generate } from './accountGenerator';
import { apiCaller } from './call';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1_000_000);
const TARGET_MS = 1000;
/** Between edits (BENCH_PAUSE_MS): 0 asks back to back, with no time to warm the other columns. */
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 2000);
const MB = 1024 * 1024;
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
  let accounts: ReturnType<typeof generate> | undefined = generate(ACCOUNTS);
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

  const tenant = new Store(herald.rt).forOrg(1);
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
  const worst = Math.max(cold.ms, ...times);
  console.log(
    `  target < ${TARGET_MS} ms per count: ${worst < TARGET_MS ? 'met' : `MISSED (worst ${worst.toFixed(0)} ms)`}; peak RSS ${(process.memoryUsage().rss / MB).toFixed(0)} MB`,
  );
  if (mismatches > 0 || worst >= TARGET_MS) process.exitCode = 1;
} finally {
  await herald.stop();
  rmSync(dir, { recursive: true, force: true });
}
