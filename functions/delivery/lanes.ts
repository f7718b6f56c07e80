/**
 * The delivery queue's fair lanes: SQS fair queues' message group ids on AWS, the local queue's lanes. There is
 * one per organization and channel (`<orgId>#<channel>`), so a large run holds up neither another
 * organization's messages nor its own organization's messages on another channel (an urgent SMS during a
 * 2,000-mail run). Work that is no one channel's (an account's app events) has the organization's own lane.
 */
import type { Channel } from '../../shared/delivery';
import type { SendOptions } from '../platform/queue';

export const laneOf = (orgId: number, channel?: Channel): SendOptions => ({ group: channel ? `${orgId}#${channel}` : String(orgId) });
