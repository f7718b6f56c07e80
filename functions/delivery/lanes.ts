/** The delivery queue's fair lanes: SQS fair queues' message group ids on AWS, the local queue's lanes. */
import type { Channel } from '../../shared/delivery';
import type { SendOptions } from '../platform/queue';

export const laneOf = (orgId: number, channel?: Channel): SendOptions => ({ group: channel ? `${orgId}#${channel}` : String(orgId) });
