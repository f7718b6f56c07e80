// The delivery queue's fair lanes (SQS fair queues' message group ids): one per organization and channel, so a large
// run holds up neither another organization's messages nor its own on another channel.
import type { Channel } from '../../shared/delivery';
import type { SendOptions } from '../platform/queue';

export const laneOf = (orgId: number, channel?: Channel): SendOptions => ({ group: channel ? `${orgId}#${channel}` : String(orgId) });
