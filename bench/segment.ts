/**
 * The segment evaluator on one core: 1,000,000 synthetic accounts in memory (a seeded generator, so every run
 * sees the same data) tested against a five-condition rule, as a live count or a send's audience scan does.
 * Generation is not timed. Prints the matches, the first (cold) pass and the median of the timed passes, and the
 * same rule written by hand as a floor (its count must agree).
 *
 * Target: one pass under 1,000 ms. BENCH_ACCOUNTS (1000000) and BENCH_PASSES (5) change the run.
 */
import { compileRule, DAY_MS, describeRule, type Rule } from '../shared/segment';
import { generate, NOW } from './accountGenerator';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1_000_000);
const PASSES = Number(process.env.BENCH_PASSES ?? 5);
const TARGET_MS = 1000;

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
