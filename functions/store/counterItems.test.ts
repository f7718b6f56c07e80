/**
 * The counter table's kinds keep the keys items are stored under (a change is a migration once data exists), and
 * no other module spells one of their partitions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { counterItems as k } from './counterItems';

const run = { planId: 'p1', runId: 'r5' };

it('keeps the stored layout of every kind', () => {
  expect([k.runCounters.rest(run), k.runCounters.slot(3)]).toEqual(['p1#r5', '3']);
  expect([k.pageMarker.rest(run), k.pageMarker.slot('Asia/Tokyo|2', 4)]).toEqual(['p1#r5#pages', 'Asia/Tokyo|2#4']);
  expect([k.triggerPage.rest({ planId: 'p1', runId: 't9' }), k.triggerPage.slot('a1')]).toEqual(['p1#t9#pages', 'a1']);
  // a run's stored batches: spread by page (its shard of PAGE_BATCH_SHARDS), so a reader of a page names one partition
  expect([k.pageBatch.rest(run, '2#4'), k.pageBatch.rest(run, 'Asia/Tokyo|2#4'), k.pageBatch.slot('2#4', 'ab12cd34', 0)]).toEqual([
    'p1#r5#batches#6',
    'p1#r5#batches#14',
    '2#4#ab12cd34#0',
  ]);
  expect([k.quietHold.rest(run), k.quietHold.slot('hold-x')]).toEqual(['p1#r5#held', 'hold-x']);
  expect([k.journeyCounters.rest(run), k.journeyCounters.slot(15)]).toEqual(['p1#r5#journey', '15']);
  // the organization's days and months: the shard in the partition, so a busy organization's writes spread over ORG_DAY_SHARDS
  expect([k.orgDay.rest('2026-11', 1), k.orgDay.slot('hours', '2026-11-22'), k.orgDay.prefix('plans', '2026-11-2')]).toEqual(['@day#2026-11#1', 'H#2026-11-22', 'P#2026-11-2']);
  expect([k.orgMonth.rest('2026', 0), k.orgMonth.slot('counts', '2026-11'), k.orgMonth.prefix('plans', '2026')]).toEqual(['@month#2026#0', 'M#2026-11', 'N#2026']);
  expect([k.orgDay.of('D#2026-11-22'), k.orgMonth.of('N#2026-11')]).toEqual(['2026-11-22', '2026-11']);
  expect([k.insightDay.rest('WEB', '2026-11'), k.insightDay.slot('2026-11-22', 2), k.insightDay.of('2026-11-22#2')]).toEqual([
    '@insight#WEB#2026-11',
    '2026-11-22#2',
    '2026-11-22',
  ]);
  expect([k.insightMark.rest('APP', 'a1'), k.insightMark.slot('active', '2026-11-22'), k.insightMark.prefix('first'), k.insightMark.of('first#cart#paid')]).toEqual([
    '@insightMark#APP#a1',
    'active#2026-11-22',
    'first#',
    'cart#paid',
  ]);
  expect([
    k.sdkOnce.rest('p1'),
    k.sdkOnce.slot('unsubscribe', 'a1', 'd1'),
    k.sdkOnce.slot('message.opened', 'a1'),
    k.sdkOnce.slot('message.buttonTapped', 'a1', 'd1', 'b2'),
  ]).toEqual(['@sdk#p1', 'unsubscribe#a1#d1', 'message.opened#a1#', 'message.buttonTapped#a1#d1#b2']);
  expect([k.sdkPlanCounts.rest('p1'), k.sdkPlanCounts.slot()]).toEqual(['@sdk#p1', '=counts']);
});

it('is the only module that spells a partition of the counter table', () => {
  const spelled = /#pages|#batches|#held|#journey|@day#|@month#|@insight|@sdk#|'=counts'/;
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return sources(path);
      return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
    });
  const spellers = ['functions', 'shared', 'bench'].flatMap(sources).filter((f) => spelled.test(readFileSync(f, 'utf8')));
  expect(spellers).toEqual(['functions/store/counterItems.ts']);
});
