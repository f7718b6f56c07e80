// The standing triggers' steps (shared/plan/trigger.ts); nothing here scans plans, accounts or events.
//   recurring    the next firing is scheduled first (so a crash never ends the chain), then a run reads only the
//                zones due, through the account index by zone;
//   events       the trigger index names the ACTIVE plans listening; the recipient's limiter window names the run,
//                so the ledger sends once per window however often the event comes;
//   triggerSend  one recipient of an event trigger, after its delay and within its throttle.
import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ACCOUNT_SHARDS, NO_ZONE, type PlanRun, planKeyOf } from '../../shared/entities';
import { AppError } from '../../shared/errors';
import type { Plan } from '../../shared/plan/plan';
import { type EventTrigger, eventKeysOf, isEventTrigger, nextOccurrence, type RecurringTrigger, THROTTLE_UNIT_MS } from '../../shared/plan/trigger';
import { isTimeZone } from '../../shared/plan/zonedTime';
import { compileSegment } from '../../shared/segment';
import { Accounts } from '../domain/accounts';
import { organizationSettingOf } from '../domain/organizationSetting';
import type { DeliveryPorts } from '../platform/runtime';
import { counterItems } from '../store/counterItems';

import { TRIGGER_RUN } from './ledger';
import { fireKeysOf, limitKey, listenKey, urlKeyOf, zonesKey } from './triggerIndex';
import { DELIVERY_QUEUE, type DeliveryMessageOf } from './messages';
import { laneOf } from './lanes';
import { checkScheduleName, type PipelineDeps, queueSendBatches, runIdOf } from './pipeline';
import { recipientsOf } from './recipients';

const DAY = 86_400_000;
export const isTriggerRun = (runId: string) => runId.startsWith('t');
export const recurringScheduleName = (orgId: number, planId: string) => `recurring-${orgId}-${planId}`;
const hashed = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 40);

/** What the app SDK API hands the pipeline after recording an account's events: only events a trigger may hear. */
export async function announceEvents(
  ports: DeliveryPorts,
  m: { orgId: number; accountId: string; receivedAt: number; events: readonly { id: string; type: string; name?: string; geofenceId?: string; beaconId?: string }[] },
): Promise<void> {
  const events = m.events.map((e) => ({ id: e.id, keys: eventKeysOf(e) })).filter((e) => e.keys.length > 0);
  if (events.length === 0) return;
  const message: DeliveryMessageOf<'events'> = { kind: 'events', orgId: m.orgId, accountId: m.accountId, receivedAt: m.receivedAt, events };
  await ports.queue.send(DELIVERY_QUEUE, message, laneOf(m.orgId));
}

/** A call of a trigger's webhook: the action, for that plan only (the event id makes a retried call one event). */
export async function announceHookCall(ports: DeliveryPorts, m: { orgId: number; planId: string; accountId: string; receivedAt: number; eventId: string }): Promise<void> {
  const message: DeliveryMessageOf<'events'> = {
    kind: 'events',
    orgId: m.orgId,
    accountId: m.accountId,
    receivedAt: m.receivedAt,
    events: [{ id: m.eventId, keys: [] }],
    planId: m.planId,
  };
  await ports.queue.send(DELIVERY_QUEUE, message, laneOf(m.orgId));
}

export async function announceVisit(ports: DeliveryPorts, m: { orgId: number; accountId: string; receivedAt: number; url: string; eventId: string }): Promise<void> {
  const key = urlKeyOf(m.url);
  if (!key) return;
  const message: DeliveryMessageOf<'events'> = { kind: 'events', orgId: m.orgId, accountId: m.accountId, receivedAt: m.receivedAt, events: [{ id: m.eventId, keys: [key] }] };
  await ports.queue.send(DELIVERY_QUEUE, message, laneOf(m.orgId));
}

export function triggerSteps(deps: PipelineDeps) {
  const { store, clock, ports } = deps;
  const doc = store.rt.aws.doc;
  const table = store.table('triggerState');
  const getPlan = (orgId: number, planId: string) => store.forOrg(orgId).get('plan', planId);

  async function zonesOf(orgId: number): Promise<{ entries: string[]; fallback: string }> {
    const [item, setting] = await Promise.all([
      doc.send(new GetCommand({ TableName: table, Key: { key: zonesKey(orgId) }, ConsistentRead: true })),
      organizationSettingOf(store.forOrg(orgId)),
    ]);
    const fallback = setting.defaultTimeZone && isTimeZone(setting.defaultTimeZone) ? setting.defaultTimeZone : 'UTC';
    const entries = [...((item.Item?.zones as Set<string> | undefined) ?? [])].sort();
    // no account yet: the organization's zone keeps the chain going, and zones join as accounts bring them
    return { entries: entries.length > 0 ? entries : [NO_ZONE], fallback };
  }

  async function scheduleNext(plan: Plan, trigger: RecurringTrigger, after: number): Promise<void> {
    let next: { at: number; zones: string[] } | undefined;
    if (!trigger.recipientTimeZone) {
      const at = nextOccurrence(trigger, trigger.timeZone, after);
      next = at === undefined ? undefined : { at, zones: [] };
    } else {
      const { entries, fallback } = await zonesOf(plan.orgId);
      const occurrence = new Map<string, number | undefined>();
      for (const entry of entries) {
        const zone = entry === NO_ZONE || !isTimeZone(entry) ? fallback : entry;
        if (!occurrence.has(zone)) occurrence.set(zone, nextOccurrence(trigger, zone, after));
        const at = occurrence.get(zone);
        if (at === undefined) continue;
        if (!next || at < next.at) next = { at, zones: [entry] };
        else if (at === next.at) next.zones.push(entry);
      }
    }
    if (!next) return; // the range has ended
    const payload: DeliveryMessageOf<'recurring'> = { kind: 'recurring', orgId: plan.orgId, planId: plan.id, dueAt: next.at, zones: next.zones };
    await ports.scheduler.at(recurringScheduleName(plan.orgId, plan.id), next.at, { queue: DELIVERY_QUEUE, payload });
  }

  async function recurring(m: DeliveryMessageOf<'recurring'>): Promise<void> {
    const plan = await getPlan(m.orgId, m.planId);
    if (plan?.status !== 'ACTIVE' || plan.trigger.kind !== 'RECURRING') return; // made inactive: the chain ends here
    const trigger = plan.trigger;
    // the next firing first, so a crash below never ends the chain (scheduling it again replaces it)
    await scheduleNext(plan, trigger, m.dueAt);
    if (m.start) return;
    const runId = runIdOf(m.dueAt);
    const parts = trigger.recipientTimeZone ? m.zones.length * ACCOUNT_SHARDS : ACCOUNT_SHARDS;
    if (parts === 0) return;
    const shards = await deps.shardsFor(plan.channel);
    const run: PlanRun = {
      planKey: planKeyOf(m.orgId, m.planId),
      runId,
      orgId: m.orgId,
      planId: m.planId,
      status: 'RUNNING',
      dueAt: m.dueAt,
      startedAt: clock.now(),
      parts,
      shards,
    };
    const runs = store.forOrg(m.orgId).keyed('planRun');
    try {
      await store.forOrg(m.orgId).transact([runs.putNew(m.planId, run, '730005')]);
    } catch (e) {
      if (e instanceof AppError && e.code === '730005') return; // fired already (a doubled schedule, a retry)
      throw e;
    }
    const zones: (string | undefined)[] = trigger.recipientTimeZone ? m.zones : [undefined];
    await Promise.all(
      zones.flatMap((zone) =>
        Array.from({ length: ACCOUNT_SHARDS }, (_, shard) =>
          ports.queue.send(
            DELIVERY_QUEUE,
            { kind: 'audience', orgId: m.orgId, planId: m.planId, runId, shard, page: 0, ...(zone ? { zone } : {}) } satisfies DeliveryMessageOf<'audience'>,
            laneOf(m.orgId, plan.channel),
          ),
        ),
      ),
    );
    await ports.scheduler.every(checkScheduleName(m.orgId, m.planId, runId), 1, {
      queue: DELIVERY_QUEUE,
      payload: { kind: 'check', orgId: m.orgId, planId: m.planId, runId } satisfies DeliveryMessageOf<'check'>,
    });
  }

  async function listening(orgId: number, keys: readonly string[]): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    let pending: Record<string, unknown>[] = keys.map((k) => ({ key: listenKey(orgId, k) }));
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt === 8) throw new Error('trigger index read left keys unprocessed');
      const out = await doc.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending.slice(0, 100), ConsistentRead: true } } }));
      for (const item of out.Responses?.[table] ?? []) {
        const plans = [...((item.plans as Set<string> | undefined) ?? [])];
        if (plans.length > 0) found.set((item.key as string).slice(listenKey(orgId, '').length), plans);
      }
      pending = [...((out.UnprocessedKeys?.[table]?.Keys as Record<string, unknown>[] | undefined) ?? []), ...pending.slice(100)];
    }
    return found;
  }

  /** The recipient's limiter window: its start names the run (the claim key), so one window's events send once. */
  async function windowOf(plan: Plan & { trigger: EventTrigger }, accountId: string, eventId: string, at: number): Promise<string> {
    const limiter = plan.trigger.limiter;
    if (limiter.kind === 'EACH_EVENT') return `te${eventId}`;
    const until = limiter.kind === 'ONCE' ? Number.MAX_SAFE_INTEGER : at + limiter.days * DAY;
    const key = limitKey(plan.orgId, plan.id, accountId);
    try {
      await doc.send(
        new UpdateCommand({
          TableName: table,
          Key: { key },
          UpdateExpression: `SET #s = :s, #u = :u${limiter.kind === 'ONCE' ? '' : ', #e = :e'}`,
          // a window of this very event (a redelivery) has start = at, and is found open below
          ConditionExpression: 'attribute_not_exists(#u) OR #u <= :at',
          ExpressionAttributeNames: { '#s': 'start', '#u': 'until', ...(limiter.kind === 'ONCE' ? {} : { '#e': 'expiresAt' }) },
          ExpressionAttributeValues: { ':s': at, ':u': until, ':at': at, ...(limiter.kind === 'ONCE' ? {} : { ':e': Math.ceil(until / 1000) + 86_400 }) },
        }),
      );
      return `t${at}`;
    } catch (e) {
      if (!(e instanceof ConditionalCheckFailedException)) throw e;
      const open = await doc.send(new GetCommand({ TableName: table, Key: { key }, ConsistentRead: true }));
      return `t${open.Item?.start ?? at}`;
    }
  }

  async function events(m: DeliveryMessageOf<'events'>): Promise<void> {
    const keys = [...new Set(m.events.flatMap((e) => e.keys))];
    let wanted: string[];
    if (m.planId)
      wanted = [m.planId]; // a trigger's own webhook: that plan only, and no reset
    else {
      const plansOf = await listening(m.orgId, keys);
      // reset events first: a reset and a trigger in one call open a new window for the trigger
      const resets = keys.filter((k) => k.startsWith('RESET:')).flatMap((k) => plansOf.get(k) ?? []);
      await Promise.all([...new Set(resets)].map((planId) => doc.send(new DeleteCommand({ TableName: table, Key: { key: limitKey(m.orgId, planId, m.accountId) } }))));
      wanted = [...new Set(keys.filter((k) => !k.startsWith('RESET:')).flatMap((k) => plansOf.get(k) ?? []))];
    }
    if (wanted.length === 0) return;
    const plans = (await store.forOrg(m.orgId).getMany('plan', wanted)).filter((p): p is Plan => p !== undefined);
    const hears = (plan: Plan, event: { keys: string[] }) =>
      isEventTrigger(plan.trigger) && (m.planId ? plan.trigger.kind === 'ACTION' && plan.trigger.webhook === true : fireKeysOf(plan.trigger).some((k) => event.keys.includes(k)));
    for (const event of m.events) {
      for (const plan of plans) {
        if (plan.status !== 'ACTIVE' || !isEventTrigger(plan.trigger) || !hears(plan, event)) continue;
        const runId = await windowOf(plan as Plan & { trigger: EventTrigger }, m.accountId, event.id, m.receivedAt);
        const send: DeliveryMessageOf<'triggerSend'> = { kind: 'triggerSend', orgId: m.orgId, planId: plan.id, runId, accountId: m.accountId };
        const delay = plan.trigger.delayMinutes * 60_000;
        if (delay > 0) {
          // named by the window: the same window's events wait in one schedule
          const name = `trigger-${hashed(`${m.orgId}|${plan.id}|${m.accountId}|${runId}`)}`;
          await ports.scheduler.at(name, m.receivedAt + delay, { queue: DELIVERY_QUEUE, payload: send });
        } else await ports.queue.send(DELIVERY_QUEUE, send, laneOf(m.orgId, plan.channel));
      }
    }
  }

  async function throttled(plan: Plan & { trigger: EventTrigger }, now: number): Promise<number | undefined> {
    const throttle = plan.trigger.throttle;
    if (!throttle) return undefined;
    const unit = THROTTLE_UNIT_MS[throttle.per];
    const window = Math.floor(now / unit);
    try {
      await doc.send(
        new UpdateCommand({
          TableName: table,
          Key: { key: `throttle#${plan.orgId}#${plan.id}#${throttle.per}#${window}` },
          UpdateExpression: 'ADD #c :one SET #e = :e',
          ConditionExpression: 'attribute_not_exists(#c) OR #c < :rate',
          ExpressionAttributeNames: { '#c': 'count', '#e': 'expiresAt' },
          ExpressionAttributeValues: { ':one': 1, ':rate': throttle.rate, ':e': Math.ceil(((window + 2) * unit) / 1000) },
        }),
      );
      return undefined;
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return (window + 1) * unit;
      throw e;
    }
  }

  async function ensureTriggerRun(orgId: number, planId: string): Promise<void> {
    const runs = store.forOrg(orgId).keyed('planRun');
    if (await runs.get(planId, TRIGGER_RUN)) return;
    const now = clock.now();
    const run: PlanRun = { planKey: planKeyOf(orgId, planId), runId: TRIGGER_RUN, orgId, planId, status: 'RUNNING', dueAt: now, startedAt: now };
    try {
      await store.forOrg(orgId).transact([runs.putNew(planId, run, '730005')]);
    } catch (e) {
      if (!(e instanceof AppError && e.code === '730005')) throw e; // another send made it first
    }
  }

  async function triggerSend(m: DeliveryMessageOf<'triggerSend'>): Promise<void> {
    const plan = await getPlan(m.orgId, m.planId);
    if (plan?.status !== 'ACTIVE' || !isEventTrigger(plan.trigger)) return;
    const tenant = store.forOrg(m.orgId);
    const [account, segment] = await Promise.all([new Accounts(tenant).get(m.accountId), plan.segmentId ? tenant.get('segment', plan.segmentId) : undefined]);
    if (!account) return;
    // a trigger plan with a segment reaches only its members
    if (plan.segmentId && !(segment && compileSegment(segment, clock.now())(account))) return;
    const waitUntil = await throttled(plan as Plan & { trigger: EventTrigger }, clock.now());
    if (waitUntil !== undefined) {
      await ports.scheduler.at(`throttled-${hashed(`${m.orgId}|${m.planId}|${m.accountId}|${m.runId}`)}`, waitUntil, { queue: DELIVERY_QUEUE, payload: m });
      return;
    }
    const recipients = await recipientsOf(store, m.orgId, plan.channel, [account], plan.content);
    // counted once however often this message comes: its marker and the count go in together
    try {
      await store.transact([
        tenant.keyed('deliveryCounter').putNew(counterItems.triggerPage.rest(m), { slot: counterItems.triggerPage.slot(m.accountId), matched: recipients.length }, '720001'),
        ...(recipients.length ? await deps.ledger.counterItems(m, { matched: recipients.length }) : []),
      ]);
    } catch (e) {
      if (!(e instanceof AppError)) throw e; // counted by an earlier delivery of this message
    }
    // outside the count's try: a delivery that died after counting leaves the row to its redelivery
    await ensureTriggerRun(m.orgId, m.planId);
    await queueSendBatches(ports, m, plan.channel, recipients);
  }

  return { recurring, events, triggerSend };
}
