/** The local stand-in of End User Messaging push. */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyOf, closeServer, isObject, listen, parseJson, type ProviderStandIn, ReceivedLog, sendJson, type StandInOptions } from '../../standInKit';

export const PUSH_CHANNEL_TYPES = ['APNS', 'APNS_SANDBOX', 'GCM'] as const;
export type PushChannelType = (typeof PUSH_CHANNEL_TYPES)[number];

export interface ReceivedPush {
  at: number;
  messageId: string;
  applicationId: string;
  address: string;
  channelType: PushChannelType;
  request: Record<string, unknown>;
}

type Answer = 'throttled' | 'failed' | 'dead' | 'ok';

interface ChannelState {
  Enabled: boolean;
  DefaultAuthenticationMethod?: string;
  HasCredential: boolean;
  HasTokenKey?: boolean;
  Version: number;
  LastModifiedDate: string;
  CreationDate: string;
}

interface AppState {
  Id: string;
  Name: string;
  Arn: string;
  CreationDate: string;
  tags: Record<string, string>;
  channels: Partial<Record<PushChannelType, ChannelState>>;
}

type StateLine = { app: AppState };

/** APNs device tokens are 32 bytes in hex; FCM registration tokens are long URL-safe strings. */
const APNS_TOKEN = /^[0-9a-fA-F]{64}$/;
const FCM_TOKEN = /^[A-Za-z0-9_:-]{100,4096}$/;
/** APNs and FCM both take payloads of at most 4 KB. */
const MAX_PAYLOAD = 4096;

const CHANNEL_PATHS: Record<string, PushChannelType> = { apns: 'APNS', apns_sandbox: 'APNS_SANDBOX', gcm: 'GCM' };

function fail(res: ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { Message: message, RequestID: randomUUID() }, { 'x-amzn-errortype': type, 'x-amzn-requestid': randomUUID() });
}

function isServiceJson(text: unknown): boolean {
  const json = typeof text === 'string' ? parseJson(text) : undefined;
  return isObject(json) && json.type === 'service_account' && typeof json.project_id === 'string' && typeof json.private_key === 'string' && typeof json.client_email === 'string';
}

function channelProblem(type: PushChannelType, body: Record<string, unknown>): string | undefined {
  const text = (k: string) => typeof body[k] === 'string' && (body[k] as string).length > 0;
  if (type === 'GCM') {
    if (!text('ApiKey') && !text('ServiceJson')) return 'Either ApiKey or ServiceJson is required.';
    if (text('ServiceJson') && !isServiceJson(body.ServiceJson)) return 'ServiceJson is not a valid service account JSON.';
    if (body.DefaultAuthenticationMethod !== undefined && !['KEY', 'TOKEN'].includes(String(body.DefaultAuthenticationMethod)))
      return 'DefaultAuthenticationMethod must be KEY or TOKEN.';
    return undefined;
  }
  const certificate = text('Certificate') && text('PrivateKey');
  const token = text('TokenKey') && text('TokenKeyId') && text('TeamId') && text('BundleId');
  if (!certificate && !token) return 'Either Certificate and PrivateKey, or TokenKey, TokenKeyId, TeamId and BundleId are required.';
  if (text('Certificate') && !/-----BEGIN CERTIFICATE-----/.test(String(body.Certificate))) return 'Certificate must be a PEM certificate.';
  if (text('PrivateKey') && !/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(String(body.PrivateKey))) return 'PrivateKey must be a PEM private key.';
  if (text('TokenKey') && !/-----BEGIN PRIVATE KEY-----/.test(String(body.TokenKey))) return 'TokenKey must be the .p8 key file (PEM).';
  if (text('TokenKeyId') && !/^[A-Z0-9]{10}$/.test(String(body.TokenKeyId))) return 'TokenKeyId must be 10 letters or digits.';
  if (text('TeamId') && !/^[A-Z0-9]{10}$/.test(String(body.TeamId))) return 'TeamId must be 10 letters or digits.';
  if (body.DefaultAuthenticationMethod !== undefined && !['CERTIFICATE', 'KEY', 'TOKEN'].includes(String(body.DefaultAuthenticationMethod)))
    return 'DefaultAuthenticationMethod must be CERTIFICATE or KEY.';
  return undefined;
}

const RESULTS = {
  throttled: { DeliveryStatus: 'THROTTLED', StatusCode: 429, StatusMessage: 'TooManyRequests' },
  failedApns: { DeliveryStatus: 'PERMANENT_FAILURE', StatusCode: 400, StatusMessage: 'TopicDisallowed' },
  failedGcm: { DeliveryStatus: 'PERMANENT_FAILURE', StatusCode: 403, StatusMessage: 'SENDER_ID_MISMATCH' },
  deadApns: { DeliveryStatus: 'PERMANENT_FAILURE', StatusCode: 410, StatusMessage: 'Unregistered' },
  deadGcm: { DeliveryStatus: 'PERMANENT_FAILURE', StatusCode: 410, StatusMessage: 'NotRegistered' },
  badApnsToken: { DeliveryStatus: 'PERMANENT_FAILURE', StatusCode: 400, StatusMessage: 'BadDeviceToken' },
  badGcmToken: { DeliveryStatus: 'PERMANENT_FAILURE', StatusCode: 400, StatusMessage: 'InvalidRegistration' },
  tooLarge: { DeliveryStatus: 'PERMANENT_FAILURE', StatusCode: 413, StatusMessage: 'PayloadTooLarge' },
  noChannel: { DeliveryStatus: 'PERMANENT_FAILURE', StatusCode: 400, StatusMessage: 'Channel is not enabled for this application' },
} as const;

function payloadOf(message: Record<string, unknown>): { bytes: number; problem?: string } {
  if (typeof message.RawContent === 'string') {
    const raw = parseJson(message.RawContent);
    if (!isObject(raw)) return { bytes: 0, problem: 'RawContent is not a JSON object.' };
    return { bytes: Buffer.byteLength(message.RawContent) };
  }
  return { bytes: Buffer.byteLength(JSON.stringify(message)) };
}

export async function startPushStandIn(opts: StandInOptions = {}): Promise<ProviderStandIn> {
  const received = new ReceivedLog<ReceivedPush>(opts.file);
  const stateLog = new ReceivedLog<StateLine>(opts.file ? opts.file.replace(/\.jsonl$/, '') + '-apps.jsonl' : undefined);
  const apps = new Map<string, AppState>();
  for (const line of stateLog.items) apps.set(line.app.Id, line.app);
  const keep = (app: AppState) => {
    apps.set(app.Id, app);
    stateLog.add({ app });
  };
  const answers = new Map<string, { answer: Answer; times?: number }>();

  function toldFor(address: string): Answer | undefined {
    const told = answers.get(address);
    if (!told) return undefined;
    if (told.times !== undefined) {
      told.times -= 1;
      if (told.times <= 0) answers.delete(address);
    }
    return told.answer;
  }

  const appView = (a: AppState) => ({ Arn: a.Arn, Id: a.Id, Name: a.Name, tags: a.tags, CreationDate: a.CreationDate });
  const channelView = (a: AppState, type: PushChannelType, c: ChannelState) => ({
    ApplicationId: a.Id,
    Id: type.toLowerCase(),
    Platform: type,
    Enabled: c.Enabled,
    DefaultAuthenticationMethod: c.DefaultAuthenticationMethod,
    HasCredential: c.HasCredential,
    ...(c.HasTokenKey !== undefined ? { HasTokenKey: c.HasTokenKey } : {}),
    ...(type === 'GCM' ? { HasFcmServiceCredentials: c.HasTokenKey ?? false } : {}),
    IsArchived: false,
    Version: c.Version,
    CreationDate: c.CreationDate,
    LastModifiedDate: c.LastModifiedDate,
  });

  async function sendMessages(appId: string, body: unknown, res: ServerResponse): Promise<void> {
    const app = apps.get(appId);
    if (!app) return fail(res, 404, 'NotFoundException', 'Resource not found');
    if (!isObject(body)) return fail(res, 400, 'BadRequestException', 'The request body is not a MessageRequest.');
    const addresses = body.Addresses;
    const config = body.MessageConfiguration;
    if (!isObject(addresses) || Object.keys(addresses).length === 0) return fail(res, 400, 'BadRequestException', 'Addresses or Endpoints are required.');
    if (Object.keys(addresses).length > 100) return fail(res, 400, 'BadRequestException', 'A request holds at most 100 addresses.');
    if (!isObject(config)) return fail(res, 400, 'BadRequestException', 'MessageConfiguration is required.');
    const result: Record<string, unknown> = {};
    const now = Date.now();
    for (const [address, conf] of Object.entries(addresses)) {
      const type = isObject(conf) ? (conf.ChannelType as PushChannelType) : undefined;
      if (!type || !PUSH_CHANNEL_TYPES.includes(type))
        return fail(res, 400, 'BadRequestException', `ChannelType of address ${address.slice(0, 12)}… must be one of ${PUSH_CHANNEL_TYPES.join(', ')}.`);
      const apns = type !== 'GCM';
      const message = apns ? (config.APNSMessage ?? config.DefaultPushNotificationMessage) : (config.GCMMessage ?? config.DefaultPushNotificationMessage);
      if (!isObject(message)) return fail(res, 400, 'BadRequestException', `MessageConfiguration has no message for channel ${type}.`);
      const payload = payloadOf(message);
      if (payload.problem) return fail(res, 400, 'BadRequestException', payload.problem);
      const channel = app.channels[type];
      const told = toldFor(address);
      let answer: Record<string, unknown>;
      if (!channel?.Enabled) answer = RESULTS.noChannel;
      else if (!(apns ? APNS_TOKEN : FCM_TOKEN).test(address)) answer = apns ? RESULTS.badApnsToken : RESULTS.badGcmToken;
      else if (payload.bytes > MAX_PAYLOAD) answer = RESULTS.tooLarge;
      else if (told === 'throttled') answer = RESULTS.throttled;
      else if (told === 'failed') answer = apns ? RESULTS.failedApns : RESULTS.failedGcm;
      else if (told === 'dead') answer = apns ? RESULTS.deadApns : RESULTS.deadGcm;
      else {
        const messageId = randomUUID();
        received.add({ at: now, messageId, applicationId: appId, address, channelType: type, request: body });
        answer = { DeliveryStatus: 'SUCCESSFUL', StatusCode: 200, StatusMessage: `MessageId: ${messageId}`, MessageId: messageId };
      }
      result[address] = answer;
    }
    sendJson(res, 200, { ApplicationId: appId, RequestId: randomUUID(), Result: result });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if (path === '/_standin/received' && method === 'GET') return sendJson(res, 200, received.items);
    if (path === '/_standin/answers' && method === 'POST') {
      const told = parseJson(await bodyOf(req));
      if (!isObject(told) || typeof told.address !== 'string' || !['throttled', 'failed', 'dead', 'ok'].includes(String(told.answer))) {
        return sendJson(res, 400, { message: 'Send { address, answer: throttled | failed | dead | ok, times? }.' });
      }
      const times = typeof told.times === 'number' && told.times > 0 ? Math.floor(told.times) : undefined;
      if (told.answer === 'ok') answers.delete(told.address);
      else answers.set(told.address, { answer: told.answer as Answer, times });
      return sendJson(res, 200, { ok: true });
    }
    // every Pinpoint call is signed (SigV4); an unsigned one is refused before anything else
    if (!/^AWS4-HMAC-SHA256 Credential=/.test(req.headers.authorization ?? ''))
      return sendJson(res, 403, { message: 'Missing Authentication Token' }, { 'x-amzn-errortype': 'MissingAuthenticationTokenException' });
    let raw: string;
    try {
      raw = await bodyOf(req, 1_000_000);
    } catch {
      return fail(res, 413, 'PayloadTooLargeException', 'Request entity too large');
    }
    const body = raw ? parseJson(raw) : {};
    if (body === undefined) return fail(res, 400, 'BadRequestException', 'The request body is not JSON.');

    if (path === '/v1/apps' && method === 'POST') {
      if (!isObject(body) || typeof body.Name !== 'string' || !body.Name.trim()) return fail(res, 400, 'BadRequestException', 'Name is required.');
      if (body.Name.length > 64) return fail(res, 400, 'BadRequestException', 'Name is at most 64 characters.');
      const id = randomUUID().replace(/-/g, '');
      const app: AppState = {
        Id: id,
        Name: body.Name,
        Arn: `arn:aws:mobiletargeting:us-east-1:000000000000:apps/${id}`,
        CreationDate: new Date().toISOString(),
        tags: isObject(body.tags) ? (body.tags as Record<string, string>) : {},
        channels: {},
      };
      keep(app);
      return sendJson(res, 201, appView(app));
    }
    const appMatch = /^\/v1\/apps\/([^/]+)(\/.*)?$/.exec(path);
    if (!appMatch) return fail(res, 404, 'NotFoundException', 'Resource not found');
    const appId = decodeURIComponent(appMatch[1]!);
    const rest = appMatch[2] ?? '';
    if (rest === '/messages' && method === 'POST') return sendMessages(appId, body, res);
    const app = apps.get(appId);
    if (!app) return fail(res, 404, 'NotFoundException', 'Resource not found');
    if (rest === '' && method === 'GET') return sendJson(res, 200, appView(app));
    const channelMatch = /^\/channels\/(apns|apns_sandbox|gcm)$/.exec(rest);
    if (channelMatch) {
      const type = CHANNEL_PATHS[channelMatch[1]!]!;
      const stored = app.channels[type];
      if (method === 'GET') return stored ? sendJson(res, 200, channelView(app, type, stored)) : fail(res, 404, 'NotFoundException', 'Resource not found');
      if (method === 'DELETE') {
        if (!stored) return fail(res, 404, 'NotFoundException', 'Resource not found');
        const { [type]: _gone, ...others } = app.channels;
        keep({ ...app, channels: others });
        return sendJson(res, 200, channelView(app, type, stored));
      }
      if (method === 'PUT') {
        if (!isObject(body)) return fail(res, 400, 'BadRequestException', 'The request body is not a channel request.');
        const problem = channelProblem(type, body);
        if (problem) return fail(res, 400, 'BadRequestException', problem);
        const now = new Date().toISOString();
        const tokenKey = type === 'GCM' ? typeof body.ServiceJson === 'string' : typeof body.TokenKey === 'string';
        const channel: ChannelState = {
          Enabled: body.Enabled !== false,
          DefaultAuthenticationMethod:
            typeof body.DefaultAuthenticationMethod === 'string'
              ? body.DefaultAuthenticationMethod
              : type === 'GCM'
                ? tokenKey
                  ? 'TOKEN'
                  : 'KEY'
                : tokenKey
                  ? 'KEY'
                  : 'CERTIFICATE',
          HasCredential: true,
          HasTokenKey: tokenKey,
          Version: (stored?.Version ?? 0) + 1,
          CreationDate: stored?.CreationDate ?? now,
          LastModifiedDate: now,
        };
        keep({ ...app, channels: { ...app.channels, [type]: channel } });
        return sendJson(res, 200, channelView(app, type, channel));
      }
    }
    return fail(res, 404, 'NotFoundException', 'Resource not found');
  }

  const { server, endpoint } = await listen(handle, opts.port);
  return { endpoint, close: () => closeServer(server) };
}
