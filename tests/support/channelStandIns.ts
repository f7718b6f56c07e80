/**
 * What the channel tests share: what a channel stand-in accepted (`GET /_standin/received`, the protocol of
 * functions/local/standins), the log lines of a test file's Herald, and the send context of an ad hoc plan.
 */
import type { SendContext } from '../../functions/channels';

/** The stand-ins that keep what they accepted, by their key in `herald.standIns.endpoints`. */
export type ChannelStandIn = 'sms' | 'pinpoint' | 'line' | 'twilio';

/** Where each stand-in's item names its destination: a number, a device token, LINE user ids. */
const ADDRESSES: Record<ChannelStandIn, (item: { address?: string; request?: Record<string, unknown> }) => unknown[]> = {
  sms: (r) => [r.request?.DestinationPhoneNumber],
  pinpoint: (r) => [r.address],
  line: (r) => (Array.isArray(r.request?.to) ? r.request.to : [r.request?.to]),
  twilio: (r) => [r.request?.To],
};

/**
 * What the stand-in accepted: everything, or what went to one of `to` (the stand-ins are shared by the whole
 * run, so a test reads only its own addresses).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the items' shapes are each test's to name
export async function received<T = any>(endpoints: Record<ChannelStandIn, string>, standIn: ChannelStandIn, to?: Iterable<string>): Promise<T[]> {
  const res = await fetch(`${endpoints[standIn]}/_standin/received`);
  if (!res.ok) throw new Error(`the ${standIn} stand-in answered ${res.status}`);
  const all = (await res.json()) as T[];
  if (!to) return all;
  const wanted = new Set(to);
  return all.filter((item) => ADDRESSES[standIn](item as never).some((a) => typeof a === 'string' && wanted.has(a)));
}

/** The log lines of a test file's Herald: pass `sink` to startHerald as `logSink`. */
export function capturedLog() {
  const lines: string[] = [];
  return { lines, sink: (line: string) => void lines.push(line), text: () => lines.join('\n') };
}

/** AWS credentials and request signatures: none may reach a log line. */
export const AWS_SECRETS = /AWS4-HMAC-SHA256|Signature=|secretAccessKey|S3RVER/;

/** An ad hoc plan's send context (spec 001 3.1 messageType 1), for tests that render without a plan. */
export const AD_HOC: SendContext = { messageType: 1 };
