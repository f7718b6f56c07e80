// Local stand-in of Twilio's Programmable Messaging REST API: Twilio's resources, error codes and signed status
// callbacks (X-Twilio-Signature), accounts registered by `POST /_standin/accounts`, the shared `/_standin/` protocol,
// and inbound replies where Twilio's own opt-out keywords put the sender on the account's opt-out list (21610).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { twilioSignature } from '../twilio';
import { countSms, type SmsEncoding } from '../../../../shared/sms/segments';
import { bodyOf, closeServer, listen, type ProviderStandIn, ReceivedLog, sendJson, type StandInOptions } from '../../standInKit';

export const TWILIO_LOCAL_ACCOUNT = { sid: 'AC000000000000000000000000000000a1', token: '0000000000000000000000000000a1a1' } as const;

export interface ReceivedTwilio {
  at: number;
  sid: string;
  accountSid: string;
  request: Record<string, string>;
  parts: number;
  encoding: SmsEncoding;
}

export interface TwilioCallback {
  at: number;
  sid: string;
  url: string;
  status: string;
  answered: number;
}

export interface TwilioInbound {
  at: number;
  sid: string;
  accountSid: string;
  from: string;
  to: string;
  body: string;
  optOut: boolean;
  url: string;
  answered: number;
}

type Answer = 'throttled' | 'failed' | 'dead' | 'invalid' | 'error' | 'undelivered' | 'ok';
const ANSWERS: readonly Answer[] = ['throttled', 'failed', 'dead', 'invalid', 'error', 'undelivered', 'ok'];
type Refusal = Exclude<Answer, 'ok' | 'undelivered'>;
const RECEIPT_MS = 300;

const E164 = /^\+[1-9]\d{1,14}$/;
const ACCOUNT_SID = /^AC[0-9a-fA-F]{32}$/;
const SERVICE_SID = /^MG[0-9a-fA-F]{32}$/;
const TWILIO_OPT_OUT = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);

class TwilioError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const ERRORS: Record<Refusal, () => TwilioError> = {
  throttled: () => new TwilioError(429, 20429, 'Too Many Requests'),
  failed: () => new TwilioError(400, 21408, "Permission to send an SMS has not been enabled for the region indicated by the 'To' number"),
  dead: () => new TwilioError(400, 21610, 'Attempt to send to unsubscribed recipient'),
  invalid: () => new TwilioError(400, 21211, "Invalid 'To' Phone Number"),
  error: () => new TwilioError(500, 20500, 'Internal Server Error'),
};

const newSid = (prefix: 'SM' | 'MM') => `${prefix}${randomBytes(16).toString('hex')}`;
const rfc2822 = (at: number) => new Date(at).toUTCString().replace('GMT', '+0000');

function sendError(res: Parameters<typeof sendJson>[0], e: TwilioError): void {
  sendJson(res, e.status, { code: e.code, message: e.message, more_info: `https://www.twilio.com/docs/errors/${e.code}`, status: e.status });
}

async function postSigned(url: string, token: string, params: Record<string, string>): Promise<number> {
  const form = new URLSearchParams(params);
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(token, url, form),
        'user-agent': 'TwilioProxy/1.1',
      },
      body: form,
      signal: AbortSignal.timeout(5000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

export async function startTwilioStandIn(opts: StandInOptions = {}): Promise<ProviderStandIn> {
  const received = new ReceivedLog<ReceivedTwilio>(opts.file);
  const callbacks = new ReceivedLog<TwilioCallback>(opts.file?.replace(/(\.jsonl)?$/, '-callbacks.jsonl'));
  const inbound = new ReceivedLog<TwilioInbound>(opts.file?.replace(/(\.jsonl)?$/, '-inbound.jsonl'));
  const accounts = new Map<string, string>([[TWILIO_LOCAL_ACCOUNT.sid, TWILIO_LOCAL_ACCOUNT.token]]);
  const optedOut = new Set(inbound.items.filter((i) => i.optOut).map((i) => `${i.accountSid}#${i.from}`));
  const scripted = new Map<string, { answer: Exclude<Answer, 'ok'>; times?: number }>();

  const readJson = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    try {
      const value = JSON.parse((await bodyOf(req, 64_000)) || '{}') as unknown;
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };

  function authenticated(req: IncomingMessage, pathSid: string): string {
    const [scheme, encoded] = (req.headers.authorization ?? '').split(' ');
    const decoded = scheme === 'Basic' && encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
    const at = decoded.indexOf(':');
    const [sid, token] = at > 0 ? [decoded.slice(0, at), decoded.slice(at + 1)] : ['', ''];
    if (!sid || accounts.get(sid) !== token || sid !== pathSid) throw new TwilioError(401, 20003, 'Authenticate');
    return sid;
  }

  async function statusCallbacks(record: ReceivedTwilio, delivered: boolean): Promise<void> {
    const url = record.request.StatusCallback;
    if (!url) return;
    const token = accounts.get(record.accountSid)!;
    for (const status of ['sent', delivered ? 'delivered' : 'undelivered']) {
      if (status !== 'sent') await new Promise((r) => setTimeout(r, RECEIPT_MS));
      const params: Record<string, string> = {
        AccountSid: record.accountSid,
        ApiVersion: '2010-04-01',
        MessageSid: record.sid,
        SmsSid: record.sid,
        MessageStatus: status,
        SmsStatus: status,
        To: record.request.To!,
        From: record.request.From ?? '+15005550006',
        ...(record.request.MessagingServiceSid ? { MessagingServiceSid: record.request.MessagingServiceSid } : {}),
        ...(status === 'undelivered' ? { ErrorCode: '30005' } : {}),
      };
      callbacks.add({ at: Date.now(), sid: record.sid, url, status, answered: await postSigned(url, token, params) });
    }
  }

  const { server, endpoint } = await listen(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === '/_standin/received' && req.method === 'GET') return sendJson(res, 200, received.items);
    if (path === '/_standin/callbacks' && req.method === 'GET') return sendJson(res, 200, callbacks.items);
    if (path === '/_standin/inbound' && req.method === 'GET') return sendJson(res, 200, inbound.items);
    if (path === '/_standin/accounts' && req.method === 'POST') {
      const { sid, token } = await readJson(req);
      if (typeof sid !== 'string' || !ACCOUNT_SID.test(sid) || typeof token !== 'string' || token.length < 8) {
        return sendJson(res, 400, { message: 'give { sid: AC and 32 hexadecimal digits, token: at least 8 characters }' });
      }
      accounts.set(sid, token);
      return sendJson(res, 200, { sid });
    }
    if (path === '/_standin/answers' && req.method === 'POST') {
      const { address, answer, times } = await readJson(req);
      if (typeof address !== 'string' || !E164.test(address) || !ANSWERS.includes(answer as Answer)) {
        return sendJson(res, 400, { message: `give { address: an E.164 number, answer: ${ANSWERS.join(' | ')}, times?: n }` });
      }
      if (times !== undefined && !(Number.isInteger(times) && (times as number) > 0)) return sendJson(res, 400, { message: 'times is a positive whole number' });
      if (answer === 'ok') scripted.delete(address);
      else scripted.set(address, { answer: answer as Exclude<Answer, 'ok'>, ...(times ? { times: times as number } : {}) });
      return sendJson(res, 200, { address, answer });
    }
    if (path === '/_standin/inbound' && req.method === 'POST') {
      const { accountSid = TWILIO_LOCAL_ACCOUNT.sid, from, to, body, url } = await readJson(req);
      const token = typeof accountSid === 'string' ? accounts.get(accountSid) : undefined;
      if (
        !token ||
        typeof from !== 'string' ||
        !E164.test(from) ||
        typeof to !== 'string' ||
        !E164.test(to) ||
        typeof body !== 'string' ||
        body.length < 1 ||
        body.length > 1600 ||
        typeof url !== 'string' ||
        !/^https?:\/\/\S+$/.test(url)
      ) {
        return sendJson(res, 400, { message: 'give { accountSid?: a known account, from and to: E.164 numbers, body: 1 to 1600 characters, url: the incoming-message webhook }' });
      }
      const sid = newSid('SM');
      const optOut = TWILIO_OPT_OUT.has(body.trim().toUpperCase());
      const { segments } = countSms(body);
      const params: Record<string, string> = {
        ToCountry: 'US',
        SmsMessageSid: sid,
        NumMedia: '0',
        SmsSid: sid,
        SmsStatus: 'received',
        Body: body,
        To: to,
        NumSegments: String(segments),
        MessageSid: sid,
        AccountSid: accountSid as string,
        From: from,
        ApiVersion: '2010-04-01',
        ...(optOut ? { OptOutType: 'STOP' } : {}),
      };
      if (optOut) optedOut.add(`${accountSid as string}#${from}`);
      const answered = await postSigned(url, token, params);
      inbound.add({ at: Date.now(), sid, accountSid: accountSid as string, from, to, body, optOut, url, answered });
      return sendJson(res, 200, { sid, optOut, answered });
    }

    try {
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
      if (!match || req.method !== 'POST') throw new TwilioError(404, 20404, `The requested resource ${path} was not found`);
      const accountSid = authenticated(req, decodeURIComponent(match[1]!));
      const form = new URLSearchParams(await bodyOf(req, 64_000));
      const request = Object.fromEntries(form) as Record<string, string>;
      const to = request.To ?? '';
      if (!to) throw new TwilioError(400, 21604, "A 'To' phone number is required.");
      if (!E164.test(to)) throw new TwilioError(400, 21211, `Invalid 'To' Phone Number: ${to.slice(0, 32)}`);
      if (!request.Body) throw new TwilioError(400, 21602, 'Message body is required.');
      if (request.Body.length > 1600) throw new TwilioError(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
      if (request.MessagingServiceSid !== undefined && !SERVICE_SID.test(request.MessagingServiceSid)) {
        throw new TwilioError(400, 21701, 'The Messaging Service Sid is invalid.');
      }
      if (!request.MessagingServiceSid && !request.From) throw new TwilioError(400, 21603, "A 'From' phone number is required.");
      if (optedOut.has(`${accountSid}#${to}`)) throw ERRORS.dead();
      const script = scripted.get(to);
      if (script) {
        if (script.times !== undefined && --script.times <= 0) scripted.delete(to);
        if (script.answer !== 'undelivered') throw ERRORS[script.answer]();
      }
      const at = Date.now();
      const sid = newSid('SM');
      const { segments, encoding } = countSms(request.Body);
      const record: ReceivedTwilio = { at, sid, accountSid, request, parts: segments, encoding };
      received.add(record);
      sendJson(res, 201, {
        account_sid: accountSid,
        api_version: '2010-04-01',
        body: request.Body,
        date_created: rfc2822(at),
        date_sent: null,
        date_updated: rfc2822(at),
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: request.From ?? null,
        messaging_service_sid: request.MessagingServiceSid ?? null,
        num_media: '0',
        num_segments: String(segments),
        price: null,
        price_unit: 'USD',
        sid,
        // a Messaging Service picks the sender after accepting
        status: request.MessagingServiceSid ? 'accepted' : 'queued',
        subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
        to,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      });
      void statusCallbacks(record, script?.answer !== 'undelivered');
    } catch (e) {
      if (e instanceof TwilioError) return sendError(res, e);
      if (e instanceof Error && e.message === 'body too large') return sendError(res, new TwilioError(413, 21617, 'The request is too large.'));
      throw e;
    }
  }, opts.port);
  return { endpoint, close: () => closeServer(server) };
}
