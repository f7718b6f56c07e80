/** A dashboard group's numbers (its sub-dashboard). */
import { type Channel, CHANNELS } from '../../../shared/delivery';
import { orgDayField, SHARE_FIELDS } from '../../../shared/entities';
import { messageSteps } from '../../../shared/plan/journey';
import { MESSAGE_TYPES, type MessageType } from '../../../shared/plan/plan';
import type { AuthedContext } from '../../contract/context';
import type { DayCounts } from './dayCounters';

/** Attribute names one query projects at most: DynamoDB caps an expression at 4 KB, and each name is `#r123, `. */
const NAMES_PER_READ = 400;

export interface GroupShares {
  /** the same read once per slice of the group's share attributes (none when the group names no message) */
  read<T>(read: (attributes: readonly string[]) => Promise<T[]>): Promise<T[]>;
}

export async function groupShares(ctx: AuthedContext, groupId: string, messageType?: MessageType): Promise<GroupShares> {
  const group = await ctx.tenant.require('dashboardGroup', groupId);
  const ids = [...new Set(group.planIds)];
  const plans = ids.length ? await ctx.tenant.getMany('plan', ids, ['id', 'channel', 'journey', 'messageType']) : [];
  const names: string[] = [];
  for (const plan of plans) {
    // a message deleted since has no name to show; like the ranking, the group leaves it out
    if (!plan) continue;
    if (messageType !== undefined && (plan.messageType ?? MESSAGE_TYPES.AD_HOC) !== messageType) continue;
    // a campaign's steps may send over other channels than its first
    const channels = new Set<Channel>([plan.channel, ...(plan.journey ? messageSteps(plan.journey).map((s) => s.step.channel) : [])]);
    for (const channel of channels) for (const field of SHARE_FIELDS) names.push(orgDayField.plan(field, channel, plan.id));
  }
  const slices: string[][] = [];
  for (let i = 0; i < names.length; i += NAMES_PER_READ) slices.push(names.slice(i, i + NAMES_PER_READ));
  return {
    async read(read) {
      return (await Promise.all(slices.map((s) => read(s)))).flat();
    },
  };
}

export function addShares(into: Record<string, number>, from: DayCounts): void {
  for (const [name, n] of Object.entries(from)) {
    const [field, channel, ...id] = name.split('~');
    if (!id.length || typeof n !== 'number' || !(CHANNELS as readonly string[]).includes(channel!)) continue;
    into[field!] = (into[field!] ?? 0) + n;
    const perChannel = orgDayField.channel(field!, channel!);
    into[perChannel] = (into[perChannel] ?? 0) + n;
  }
}
