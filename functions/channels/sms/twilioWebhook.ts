/** Twilio's webhooks for an organization's Twilio provider. */
import { timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { idString } from '../../../shared/entities/entity';
import { isOptOutReply } from '../../../shared/sms/keywords';
import { PATHS } from '../../../shared/paths';
import { unseal } from '../../platform/keys';
import type { Runtime } from '../../platform/runtime';
import type { Store } from '../../store/store';
import { e164, listNumber } from './contacts';
import { keepReceived } from './inbound';
import type { UndeliveredSink } from '../adapter';
import { twilioSignature, undeliveredOutcome } from './twilio';

const PATH = /^\/(\d{1,12})\/([^/]{1,100})\/(status|inbound)$/;
const MAX_BODY_BYTES = 64 * 1024;
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

type Result = APIGatewayProxyStructuredResultV2;
const plain = (statusCode: number, body: string): Result => ({ statusCode, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, body });

function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function twilioWebhooks(rt: Runtime, store: Store, undelivered: UndeliveredSink) {
  /** The run's record the callback names fails once; its number is listed when Twilio says it is dead or opted out. */
  async function undeliveredMessage(orgId: number, query: URLSearchParams, params: URLSearchParams): Promise<void> {
    const [planId, runId, accountId, providerId] = [query.get('plan'), query.get('run'), query.get('account'), params.get('MessageSid')];
    // a test send's message is no run's: nothing to record
    if (!planId || !runId || !accountId || !providerId) return;
    const outcome = undeliveredOutcome(params.get('MessageStatus') ?? '', params.get('ErrorCode'));
    const changed = await undelivered('SMS', { orgId, planId, runId, accountId, providerId, ...outcome });
    const phone = e164(params.get('To') ?? '');
    const source = outcome.reason === 'BOUNCE' ? 'BOUNCE' : outcome.reason === 'UNSUBSCRIBED' ? 'UNSUBSCRIBE' : undefined;
    if (changed && phone && source) await listNumber(store.forOrg(orgId), { phone, source, planId });
  }

  return async function handle(event: APIGatewayProxyEventV2, path: string): Promise<Result> {
    if ((event.requestContext?.http?.method ?? 'GET') !== 'POST') return plain(405, 'POST only');
    const [, org, providerId, kind] = PATH.exec(path.slice(PATHS.twilio.length)) ?? [];
    const forbidden = () => plain(403, 'The request is not signed by this provider.');
    if (!org || !providerId || !idString.safeParse(providerId).success) return forbidden();
    const orgId = Number(org);
    const raw = event.body ?? '';
    if (raw.length > MAX_BODY_BYTES * 1.34) return plain(413, 'Too large');
    const body = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
    const params = new URLSearchParams(body);

    const setting = await store.forOrg(orgId).get('messageProvider', providerId);
    if (setting?.provider !== 'TWILIO' || !setting.passwordSealed) return forbidden();
    const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
    const url = `${rt.config.publicUrl.replace(/\/+$/, '')}${path}${query}`;
    const expected = twilioSignature(unseal(rt.keys, setting.passwordSealed), url, params);
    const given = event.headers?.['x-twilio-signature'] ?? '';
    // a request of another Twilio account (the same token cannot sign for two) is not this provider's either
    const account = params.get('AccountSid');
    if (!sameSignature(given, expected) || (account !== null && account !== setting.username)) {
      rt.log.warn('Twilio webhook refused: bad signature', { orgId, kind });
      return forbidden();
    }

    if (kind === 'status') {
      const status = params.get('MessageStatus') ?? '';
      // numbers are personal data: the log says what became of the message, never to whom
      rt.log.info('Twilio message status', { orgId, status, errorCode: params.get('ErrorCode') ?? '' });
      if (status === 'undelivered' || status === 'failed') await undeliveredMessage(orgId, new URLSearchParams(event.rawQueryString ?? ''), params);
      return plain(200, '');
    }
    const phone = e164(params.get('From') ?? '');
    const optOut = isOptOutReply(params.get('Body')) || params.get('OptOutType') === 'STOP';
    if (phone) {
      const keyword = params.get('OptOutType');
      await keepReceived(store.forOrg(orgId), {
        source: 'TWILIO',
        fromNumber: phone,
        ...(params.get('To') ? { toNumber: (params.get('To') ?? '').slice(0, 256) } : {}),
        ...(keyword ? { keyword: keyword.slice(0, 256) } : {}),
        body: (params.get('Body') ?? '').slice(0, 10_000),
        ...(params.get('MessageSid') ? { providerMessageId: (params.get('MessageSid') ?? '').slice(0, 256) } : {}),
        optOut,
      });
    }
    if (phone && optOut) {
      const listed = await listNumber(store.forOrg(orgId), { phone, source: 'UNSUBSCRIBE' });
      rt.log.info('Twilio inbound opt-out recorded', { orgId, listed });
    }
    return { statusCode: 200, headers: { 'content-type': 'text/xml; charset=utf-8', 'cache-control': 'no-store' }, body: EMPTY_TWIML };
  };
}
