// An organization's sending rules, applied before a recipient is claimed: quiet hours hold (not fail) SMS and push
// until the window opens, a cap skips the rest of the day; both only for Ad-Hoc messages unless the setting says so.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Channel, channelsWith } from '../../shared/delivery';
import type { QuietHours } from '../../shared/entities';
import { isTimeZone, MESSAGE_TYPES, type MessageType, zonedTimeToUtc } from '../../shared/plan/plan';
import { normalizePhone } from '../../shared/phone';
import type { Clock } from '../platform/runtime';
import type { Store } from '../store/store';

export const QUIET_CHANNELS: readonly Channel[] = channelsWith('quietHours');

export interface SendPolicy {
  caps: Partial<Record<Channel, number>>;
  quietHours: QuietHours;
  defaultTimeZone: string;
  mutableContent?: boolean;
  convertHyperlink?: boolean;
  lifecycleSendingRules?: boolean;
  allowOnly?: ReadonlySet<string>;
}

export function allowOnlyOf(entries: readonly string[], defaultCountry?: string): ReadonlySet<string> | undefined {
  if (entries.length === 0) return undefined;
  const set = new Set<string>();
  for (const e of entries) {
    set.add(e);
    set.add(e.toLowerCase());
    const phone = /^[+0-9０-９][0-9０-９ ()\-－]*$/.test(e) ? normalizePhone(e, defaultCountry) : undefined;
    if (phone) set.add(phone);
  }
  return set;
}

export function whiteListed(allowOnly: ReadonlySet<string> | undefined, r: { accountId: string; address: string }): boolean {
  return !allowOnly || allowOnly.has(r.accountId) || allowOnly.has(r.address) || allowOnly.has(r.address.toLowerCase());
}

export function sendingRulesApply(policy: Pick<SendPolicy, 'lifecycleSendingRules'>, messageType: MessageType | undefined): boolean {
  return messageType !== MESSAGE_TYPES.LIFECYCLE || policy.lifecycleSendingRules === true;
}

export const NO_POLICY: SendPolicy = { caps: {}, quietHours: { enabled: false, start: '21:00', end: '08:00' }, defaultTimeZone: 'UTC' };

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

function wallClock(instant: number, zone: string): { date: string; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function quietUntil(now: number, zone: string, quiet: QuietHours): number | undefined {
  if (!quiet.enabled) return undefined;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return undefined;
  const here = wallClock(now, isTimeZone(zone) ? zone : 'UTC');
  const inside = start < end ? here.minutes >= start && here.minutes < end : here.minutes >= start || here.minutes < end;
  if (!inside) return undefined;
  const endDate = here.minutes < end ? here.date : nextDate(here.date);
  return zonedTimeToUtc(`${endDate}T${quiet.end}`, isTimeZone(zone) ? zone : 'UTC');
}

/**
 * Counts the run against the recipient's cap for the day: true while under it. The day's item keeps the runs that
 * reached the recipient, so a redelivered batch or a retried claim of the same run never counts twice.
 */
export async function withinCap(store: Store, clock: Clock, k: { orgId: number; channel: Channel; accountId: string; runKey: string }, cap: number): Promise<boolean> {
  const day = Math.floor(clock.now() / 86_400_000);
  try {
    await store.rt.aws.doc.send(
      new UpdateCommand({
        TableName: store.table('rateWindow'),
        Key: { window: `cap#${k.orgId}#${k.channel}#${k.accountId}#${day}` },
        UpdateExpression: 'ADD #r :run SET #e = :e',
        ConditionExpression: 'attribute_not_exists(#r) OR size(#r) < :cap OR contains(#r, :id)',
        ExpressionAttributeNames: { '#r': 'runs', '#e': 'expiresAt' },
        ExpressionAttributeValues: { ':run': new Set([k.runKey]), ':id': k.runKey, ':cap': cap, ':e': (day + 2) * 86_400 },
      }),
    );
    return true;
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException) return false;
    throw e;
  }
}
