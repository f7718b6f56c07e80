/**
 * The organization's day and month counters are spread over ORG_DAY_SHARDS partitions (a busy organization's
 * writes would otherwise meet in one): events of accounts of every shard land in each shard's partition, and the
 * dashboard's readers (days, whole months, the daily trend) sum every shard, so a reader that forgot one
 * would answer less than was counted.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RunCounters } from '../../functions/delivery/counters';
import { organizationZoneOf } from '../../functions/domain/organizationSetting';
import type { LocalHerald } from '../../functions/local/boot';
import { readDaily, readRange } from '../../functions/services/dashboard/dayCounters';
import { counterItems, ORG_DAY_SHARDS } from '../../functions/store/counterItems';
import { Store } from '../../functions/store/store';
import { shardOf } from '../../shared/entities';
import { localDayHourOf } from '../../shared/plan/zonedTime';
import { startHerald } from '../support/herald';

let herald: LocalHerald;
let store: Store;

beforeAll(async () => {
  herald = await startHerald();
  store = new Store(herald.rt);
});
afterAll(() => herald?.stop());

const DAY = 24 * 3600_000;
const sum = (items: readonly Partial<Record<string, number>>[], field: string) => items.reduce((n, item) => n + (item[field] ?? 0), 0);
const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

it('counts events of every shard in its own partition, and the dashboard reads them all', async () => {
  const orgId = 700_000 + Math.floor(Math.random() * 100_000);
  const planId = randomUUID();
  // two accounts of each shard, so each partition holds part of the counts
  const accounts: string[] = [];
  const perShard = new Map<number, number>();
  for (let i = 0; accounts.length < 2 * ORG_DAY_SHARDS; i++) {
    const id = `acct-${i}`;
    const shard = shardOf(id) % ORG_DAY_SHARDS;
    if ((perShard.get(shard) ?? 0) >= 2) continue;
    perShard.set(shard, (perShard.get(shard) ?? 0) + 1);
    accounts.push(id);
  }
  const counters = new RunCounters(store, herald.rt.clock);
  for (const accountId of accounts) await counters.count({ orgId, planId, runId: 'r1', accountId, channel: 'EMAIL' }, { sent: 1, opens: 1 });

  const now = herald.rt.clock.now();
  const { day } = localDayHourOf(now, await organizationZoneOf(store, orgId, now));
  const [month, year] = [day.slice(0, 7), day.slice(0, 4)];
  const keyed = store.forOrg(orgId).keyed('deliveryCounter');
  for (let shard = 0; shard < ORG_DAY_SHARDS; shard++) {
    const [days, months] = await Promise.all([keyed.list(counterItems.orgDay.rest(month, shard)), keyed.list(counterItems.orgMonth.rest(year, shard))]);
    expect(sum(days as Record<string, number>[], 'sent'), `day partition of shard ${shard}`).toBe(2);
    expect(sum(months as Record<string, number>[], 'sent'), `month partition of shard ${shard}`).toBe(2);
  }

  const tenant = store.forOrg(orgId);
  const total = accounts.length;
  // days around today (day items), the whole month (month items), and the month's trend per day
  const around = await readRange(tenant, 'counts', new Date(now - DAY).toISOString().slice(0, 10), new Date(now + DAY).toISOString().slice(0, 10));
  expect([sum(around, 'sent'), sum(around, 'opens'), sum(around, 'sent|EMAIL')]).toEqual([total, total, total]);
  const wholeMonth = await readRange(tenant, 'counts', `${month}-01`, lastDayOf(month));
  expect([sum(wholeMonth, 'sent'), sum(wholeMonth, 'sent|EMAIL')]).toEqual([total, total]);
  const shares = await readRange(tenant, 'plans', `${month}-01`, lastDayOf(month));
  expect(sum(shares, `sent~EMAIL~${planId}`)).toBe(total);
  const daily = await readDaily(tenant, `${month}-01`, lastDayOf(month));
  const today = daily.filter((d) => d.day === day).map((d) => d.counts);
  expect(sum(today, 'sent')).toBe(total);
});
