// Two-way SMS locally: a loopback HTTP endpoint that takes the SMS stand-in's SNS-style HTTP notifications (./sms.ts)
// and hands them to the same code the AWS Lambda runs (functions/channels/sms/inbound.ts).
import type { Logger } from '../../platform/logger';
import { bodyOf, closeServer, listen, sendJson } from '../../channels/standInKit';
import type { Store } from '../../store/store';
import { recordInboundSms, snsMessageOf } from '../../channels/sms/inbound';

export interface SmsInboundEndpoint {
  url: string;
  close(): Promise<void>;
}

export async function startSmsInbound(deps: { store: Store; log: Logger }, standIn: string): Promise<SmsInboundEndpoint> {
  const { server, endpoint } = await listen(async (req, res) => {
    if (req.method !== 'POST') return sendJson(res, 405, { message: 'POST only' });
    let notification: unknown;
    try {
      notification = JSON.parse(await bodyOf(req, 256_000));
    } catch {
      return sendJson(res, 400, { message: 'not an SNS notification' });
    }
    const message = snsMessageOf(notification);
    if (message === undefined) return sendJson(res, 400, { message: 'not an SNS notification' });
    const result = await recordInboundSms(deps, message);
    sendJson(res, 200, result);
  });
  const url = `${endpoint}/sms-inbound`;
  const subscription = (path: string) => fetch(`${standIn}/_standin/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url }) });
  const subscribed = await subscription('subscribe');
  if (!subscribed.ok) {
    await closeServer(server);
    throw new Error(`The SMS stand-in refused the inbound subscription (${subscribed.status}).`);
  }
  return {
    url,
    async close() {
      await subscription('unsubscribe').catch(() => undefined);
      await closeServer(server);
    },
  };
}
