// Local stand-in of AWS End User Messaging SMS (SMS and voice v2, JSON 1.0): it checks what the service checks
// (SigV4, required fields, E.164, sizes) and refuses like it, with the shared `/_standin/` protocol plus two-way SMS
// delivered to subscribed URLs as SNS does (an opt-out keyword puts the sender on its opt-out list).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isOptOutReply } from '../../../../shared/sms/keywords';
import { countSms, type SmsEncoding } from '../../../../shared/sms/segments';
import { bodyOf, closeServer, listen, type ProviderStandIn, ReceivedLog, sendJson, type StandInOptions } from '../../standInKit';

export interface ReceivedSms {
  at: number;
  messageId: string;
  request: Record<string, unknown>;
  parts: number;
  encoding: SmsEncoding;
  accessKeyId?: string;
  region?: string;
}

export interface InboundSmsRecord {
  at: number;
  inboundMessageId: string;
  from: string;
  to: string;
  body: string;
  optOut: boolean;
}

type Answer = 'throttled' | 'failed' | 'dead' | 'ok';
const ANSWERS: readonly Answer[] = ['throttled', 'failed', 'dead', 'ok'];

const TARGET_PREFIX = 'PinpointSMSVoiceV2.';
const JSON_10 = 'application/x-amz-json-1.0';
const STAND_IN_NUMBER = '+12065550100';
const TOPIC_ARN = 'arn:aws:sns:us-east-1:000000000000:herald-sms-inbound';

const E164 = /^\+[1-9]\d{1,14}$/;
const ORIGINATION = /^[A-Za-z0-9_:/+-]+$/;
const CONFIGURATION_SET = /^[A-Za-z0-9_:/-]+$/;
const MAX_PRICE = /^[0-9]{0,2}\.[0-9]{1,5}$/;

class ApiError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly status = 400,
  ) {
    super(message);
  }
}

const invalid = (name: string, message: string) =>
  new ApiError('ValidationException', `1 validation error detected: Value at '${name}' failed to satisfy constraint: ${message}`, {
    Reason: 'FIELD_VALIDATION_FAILED',
    Fields: [{ Name: name, Message: message }],
  });

function checkAuthorization(req: IncomingMessage): { accessKeyId: string; region: string } {
  const auth = req.headers.authorization;
  if (!auth) throw new ApiError('MissingAuthenticationTokenException', 'Missing Authentication Token', {}, 403);
  const scope = /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/\d{8}\/([a-z0-9-]+)\/([a-z0-9-]+)\/aws4_request, ?SignedHeaders=[^,]+, ?Signature=[0-9a-f]{64}$/.exec(auth);
  if (!scope) throw new ApiError('IncompleteSignatureException', 'Authorization header requires Credential, SignedHeaders and Signature.', {}, 403);
  if (scope[3] !== 'sms-voice') throw new ApiError('InvalidSignatureException', `Credential should be scoped to correct service: 'sms-voice'.`, {}, 403);
  return { accessKeyId: scope[1]!, region: scope[2]! };
}

function checkSendTextMessage(r: Record<string, unknown>): void {
  const text = (name: string, min: number, max: number, pattern?: RegExp) => {
    const v = r[name];
    if (v === undefined) return;
    if (typeof v !== 'string') throw new ApiError('SerializationException', `Unexpected value type for ${name}`);
    if (v.length < min || v.length > max) throw invalid(name, `Member must have length between ${min} and ${max}`);
    if (pattern && !pattern.test(v)) throw invalid(name, `Member must satisfy regular expression pattern: ${pattern.source}`);
  };
  if (r.DestinationPhoneNumber === undefined) {
    throw new ApiError('ValidationException', "1 validation error detected: Value null at 'destinationPhoneNumber' failed to satisfy constraint: Member must not be null", {
      Reason: 'MISSING_PARAMETER',
      Fields: [{ Name: 'DestinationPhoneNumber', Message: 'Member must not be null' }],
    });
  }
  text('DestinationPhoneNumber', 1, 20, E164);
  text('OriginationIdentity', 1, 256, ORIGINATION);
  text('MessageBody', 1, 1600);
  text('Keyword', 1, 30);
  text('ConfigurationSetName', 1, 256, CONFIGURATION_SET);
  text('MaxPrice', 2, 8, MAX_PRICE);
  text('ProtectConfigurationId', 1, 256);
  if (r.MessageType !== undefined && r.MessageType !== 'TRANSACTIONAL' && r.MessageType !== 'PROMOTIONAL') {
    throw invalid('MessageType', 'Member must satisfy enum value set: [TRANSACTIONAL, PROMOTIONAL]');
  }
  if (r.TimeToLive !== undefined && !(Number.isInteger(r.TimeToLive) && (r.TimeToLive as number) >= 5 && (r.TimeToLive as number) <= 259_200)) {
    throw invalid('TimeToLive', 'Member must have value between 5 and 259200');
  }
  if (r.Context !== undefined) {
    const context = r.Context;
    if (typeof context !== 'object' || context === null || Array.isArray(context)) throw new ApiError('SerializationException', 'Unexpected value type for Context');
    const entries = Object.entries(context);
    if (entries.length > 5) throw invalid('Context', 'Member must have length less than or equal to 5');
    for (const [k, v] of entries) {
      if (k.length < 1 || k.length > 100 || /\s/.test(k)) throw invalid('Context', 'Map keys must have length between 1 and 100 and no whitespace');
      if (typeof v !== 'string' || v.length < 1 || v.length > 800 || /\s/.test(v)) throw invalid('Context', 'Map values must have length between 1 and 800 and no whitespace');
    }
  }
  if (r.MessageBody === undefined)
    throw new ApiError('ValidationException', 'MessageBody is required for a text message.', {
      Reason: 'MISSING_PARAMETER',
      Fields: [{ Name: 'MessageBody', Message: 'Member must not be null' }],
    });
}

function scriptedError(answer: Exclude<Answer, 'ok'>, to: string): ApiError {
  switch (answer) {
    case 'throttled':
      return new ApiError('ThrottlingException', 'Rate exceeded');
    case 'failed':
      return new ApiError('ValidationException', `The destination country of ${to} is blocked.`, { Reason: 'DESTINATION_COUNTRY_BLOCKED' });
    case 'dead':
      return new ApiError('ConflictException', 'The destination phone number is opted out.', {
        Reason: 'DESTINATION_PHONE_NUMBER_OPTED_OUT',
        ResourceType: 'opt-out-list',
        ResourceId: 'Default',
      });
  }
}

function sendError(res: Parameters<typeof sendJson>[0], e: ApiError): void {
  sendJson(
    res,
    e.status,
    { __type: `com.amazonaws.pinpointsmsvoicev2#${e.type}`, Message: e.message, message: e.message, ...e.extra },
    { 'x-amzn-requestid': randomUUID(), 'x-amzn-errortype': `${e.type}:` },
  );
}

async function deliver(url: string, record: InboundSmsRecord): Promise<boolean> {
  const message = {
    originationNumber: record.from,
    destinationNumber: record.to,
    messageKeyword: `KEYWORD_${record.to.replace(/\D/g, '')}`,
    messageBody: record.body,
    inboundMessageId: record.inboundMessageId,
    previousPublishedMessageId: randomUUID(),
  };
  const notification = {
    Type: 'Notification',
    MessageId: randomUUID(),
    TopicArn: TOPIC_ARN,
    Message: JSON.stringify(message),
    Timestamp: new Date(record.at).toISOString(),
    SignatureVersion: '1',
    Signature: '',
    SigningCertURL: '',
    UnsubscribeURL: '',
  };
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': 'Notification', 'x-amz-sns-topic-arn': TOPIC_ARN },
      body: JSON.stringify(notification),
      signal: AbortSignal.timeout(5000),
    });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    // a subscriber that has gone (a stopped test server) misses the message, as with SNS after its retries
    return false;
  }
}

export async function startSmsStandIn(opts: StandInOptions = {}): Promise<ProviderStandIn> {
  const received = new ReceivedLog<ReceivedSms>(opts.file);
  const inbound = new ReceivedLog<InboundSmsRecord>(opts.file?.replace(/(\.jsonl)?$/, '-inbound.jsonl'));
  const optedOut = new Set(inbound.items.filter((i) => i.optOut).map((i) => i.from));
  const scripted = new Map<string, { answer: Exclude<Answer, 'ok'>; times?: number }>();
  const subscribers = new Set<string>();

  const readJson = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    let value: unknown;
    try {
      value = JSON.parse((await bodyOf(req, 256_000)) || '{}');
    } catch {
      throw new ApiError('SerializationException', 'Start of structure or map found where not expected.');
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ApiError('SerializationException', 'Start of structure or map found where not expected.');
    return value as Record<string, unknown>;
  };

  const { server, endpoint } = await listen(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    try {
      if (path === '/_standin/received' && req.method === 'GET') return sendJson(res, 200, received.items);
      if (path === '/_standin/inbound' && req.method === 'GET') return sendJson(res, 200, inbound.items);
      if (path === '/_standin/answers' && req.method === 'POST') {
        const { address, answer, times } = await readJson(req);
        if (typeof address !== 'string' || !E164.test(address) || !ANSWERS.includes(answer as Answer)) {
          return sendJson(res, 400, { message: 'give { address: an E.164 number, answer: throttled | failed | dead | ok, times?: n }' });
        }
        if (times !== undefined && !(Number.isInteger(times) && (times as number) > 0)) return sendJson(res, 400, { message: 'times is a positive whole number' });
        if (answer === 'ok') scripted.delete(address);
        else scripted.set(address, { answer: answer as Exclude<Answer, 'ok'>, ...(times ? { times: times as number } : {}) });
        return sendJson(res, 200, { address, answer, ...(times ? { times } : {}) });
      }
      if ((path === '/_standin/subscribe' || path === '/_standin/unsubscribe') && req.method === 'POST') {
        const { url } = await readJson(req);
        if (typeof url !== 'string' || !/^https?:\/\/[^\s]+$/.test(url)) return sendJson(res, 400, { message: 'give { url: an http(s) address }' });
        if (path === '/_standin/subscribe') subscribers.add(url);
        else subscribers.delete(url);
        return sendJson(res, 200, { url, subscribers: subscribers.size });
      }
      if (path === '/_standin/inbound' && req.method === 'POST') {
        const { from, to, body } = await readJson(req);
        if (
          typeof from !== 'string' ||
          !E164.test(from) ||
          typeof body !== 'string' ||
          body.length < 1 ||
          body.length > 1600 ||
          (to !== undefined && (typeof to !== 'string' || !E164.test(to)))
        ) {
          return sendJson(res, 400, { message: 'give { from: an E.164 number, to?: an E.164 number, body: 1 to 1600 characters }' });
        }
        const record: InboundSmsRecord = {
          at: Date.now(),
          inboundMessageId: randomUUID(),
          from,
          to: (to as string | undefined) ?? STAND_IN_NUMBER,
          body,
          optOut: isOptOutReply(body),
        };
        inbound.add(record);
        if (record.optOut) optedOut.add(from);
        const delivered = await Promise.all([...subscribers].map((url) => deliver(url, record)));
        return sendJson(res, 200, { inboundMessageId: record.inboundMessageId, optOut: record.optOut, delivered: delivered.filter(Boolean).length });
      }

      if (req.method !== 'POST' || path !== '/') throw new ApiError('UnknownOperationException', 'Unknown operation', {}, 404);
      const signer = checkAuthorization(req);
      const target = String(req.headers['x-amz-target'] ?? '');
      if (!target.startsWith(TARGET_PREFIX)) throw new ApiError('UnknownOperationException', 'Unknown operation');
      if (!String(req.headers['content-type'] ?? '').startsWith(JSON_10)) throw new ApiError('UnknownOperationException', `Content-Type must be ${JSON_10}`);
      const request = await readJson(req);
      if (target !== `${TARGET_PREFIX}SendTextMessage`)
        throw new ApiError('UnknownOperationException', `${target.slice(TARGET_PREFIX.length)} is not served by the local stand-in`);
      checkSendTextMessage(request);
      const to = request.DestinationPhoneNumber as string;
      if (optedOut.has(to)) throw scriptedError('dead', to);
      const script = scripted.get(to);
      if (script) {
        if (script.times !== undefined && --script.times <= 0) scripted.delete(to);
        throw scriptedError(script.answer, to);
      }
      const messageId = randomUUID();
      const { segments, encoding } = countSms(request.MessageBody as string);
      received.add({ at: Date.now(), messageId, request, parts: segments, encoding, ...signer });
      sendJson(res, 200, { MessageId: messageId }, { 'content-type': JSON_10, 'x-amzn-requestid': randomUUID() });
    } catch (e) {
      if (e instanceof ApiError) return sendError(res, e);
      if (e instanceof Error && e.message === 'body too large')
        return sendError(res, new ApiError('ValidationException', 'Request is too large', { Reason: 'MAXIMUM_SIZE_EXCEEDED' }, 413));
      throw e;
    }
  }, opts.port);
  return { endpoint, close: () => closeServer(server) };
}
