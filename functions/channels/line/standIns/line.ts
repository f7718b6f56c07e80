/** The local stand-in of the LINE Messaging API (https://developers.line.biz/en/reference/messaging-api/). */
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyOf, closeServer, listen, type ProviderStandIn, ReceivedLog, sendJson, type StandInOptions } from '../../standInKit';

export interface LineReceived {
  at: number;
  path: '/v2/bot/message/push' | '/v2/bot/message/multicast';
  requestId: string;
  retryKey?: string;
  tokenFingerprint: string;
  request: { to: string | string[]; messages: unknown[]; notificationDisabled?: boolean };
  sentMessages: { id: string; quoteToken: string }[];
}

type Answer = 'throttled' | 'failed' | 'dead' | 'ok';

const TOKEN = /^[A-Za-z0-9+/=._-]{32,2000}$/;
const USER = /^[UCR][0-9a-f]{32}$/;
const RETRY_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIMITS = {
  messages: 5,
  multicastTo: 500,
  text: 5000,
  altText: 400,
  title: 40,
  buttonText: 160,
  buttonTextWithHeader: 60,
  actions: 4,
  label: 20,
  imageUrl: 2000,
  uri: 1000,
} as const;

export const LINE_ERRORS = {
  rateLimit: 'The API rate limit has been exceeded. Try again later.',
  notFriend: "The user hasn't added the LINE Official Account as a friend or has blocked it.",
  badTo: "The property, 'to', in the request body is invalid (line: -, column: -)",
  noAuth: 'Authentication failed. Confirm that the access token in the authorization header is valid.',
  badToken: 'Authentication failed due to the following reason: invalid token. Confirm that the access token in the authorization header is valid.',
  retryKey: "The value for the 'X-Line-Retry-Key' header is invalid",
  retryKeyAccepted: 'The retry key is already accepted',
  json: 'The request body could not be parsed as JSON',
} as const;

type Detail = { message: string; property: string };

const isString = (v: unknown): v is string => typeof v === 'string';
const https = (v: string) => /^https:\/\/[^\s]+$/i.test(v);

function checkMessage(m: unknown, at: string): Detail[] {
  const out: Detail[] = [];
  const need = (ok: boolean, property: string, message: string) => void (ok || out.push({ message, property: `${at}.${property}` }));
  if (!m || typeof m !== 'object') return [{ message: 'must be specified', property: at }];
  const msg = m as Record<string, unknown>;
  switch (msg.type) {
    case 'text':
      need(isString(msg.text) && msg.text.length > 0, 'text', 'must be specified');
      need(!isString(msg.text) || [...msg.text].length <= LIMITS.text, 'text', `Length must be between 0 and ${LIMITS.text}`);
      break;
    case 'image':
      for (const f of ['originalContentUrl', 'previewImageUrl']) {
        const v = msg[f];
        need(isString(v) && v.length > 0, f, 'must be specified');
        need(!isString(v) || (https(v) && v.length <= LIMITS.imageUrl), f, 'invalid uri (https only, at most 2000 characters)');
      }
      break;
    case 'template': {
      need(isString(msg.altText) && msg.altText.length > 0, 'altText', 'must be specified');
      need(!isString(msg.altText) || [...msg.altText].length <= LIMITS.altText, 'altText', `Length must be between 0 and ${LIMITS.altText}`);
      const t = msg.template as Record<string, unknown> | undefined;
      if (!t || typeof t !== 'object') {
        need(false, 'template', 'must be specified');
        break;
      }
      need(t.type === 'buttons', 'template.type', 'unsupported template type (the stand-in knows buttons)');
      const header = Boolean(t.title) || Boolean(t.thumbnailImageUrl);
      need(isString(t.text) && t.text.length > 0, 'template.text', 'must be specified');
      const maxText = header ? LIMITS.buttonTextWithHeader : LIMITS.buttonText;
      need(!isString(t.text) || [...t.text].length <= maxText, 'template.text', `Length must be between 0 and ${maxText}`);
      need(t.title === undefined || (isString(t.title) && [...t.title].length <= LIMITS.title), 'template.title', `Length must be between 0 and ${LIMITS.title}`);
      need(
        t.thumbnailImageUrl === undefined || (isString(t.thumbnailImageUrl) && https(t.thumbnailImageUrl) && t.thumbnailImageUrl.length <= LIMITS.imageUrl),
        'template.thumbnailImageUrl',
        'invalid uri (https only)',
      );
      const actions = t.actions;
      need(Array.isArray(actions) && actions.length >= 1 && actions.length <= LIMITS.actions, 'template.actions', `Size must be between 1 and ${LIMITS.actions}`);
      if (Array.isArray(actions)) {
        actions.forEach((a: Record<string, unknown>, k) => {
          const p = `template.actions[${k}]`;
          need(a?.type === 'uri', `${p}.type`, 'unsupported action type (the stand-in knows uri)');
          need(isString(a?.label) && a.label.length > 0 && [...a.label].length <= LIMITS.label, `${p}.label`, `Length must be between 1 and ${LIMITS.label}`);
          need(
            isString(a?.uri) && /^(https?:\/\/|line:\/\/|tel:)\S+$/i.test(a.uri) && a.uri.length <= LIMITS.uri,
            `${p}.uri`,
            'invalid uri (http, https, line or tel, at most 1000 characters)',
          );
        });
      }
      break;
    }
    default:
      out.push({ message: 'must be one of the message types', property: `${at}.type` });
  }
  return out;
}

function checkMessages(messages: unknown): Detail[] {
  if (!Array.isArray(messages) || messages.length < 1 || messages.length > LIMITS.messages)
    return [{ message: `Size must be between 1 and ${LIMITS.messages}`, property: 'messages' }];
  return messages.flatMap((m, i) => checkMessage(m, `messages[${i}]`));
}

const fingerprint = (token: string) => createHash('sha256').update(token).digest('hex').slice(0, 16);
const messageId = () => String(BigInt(`0x${randomUUID().replace(/-/g, '').slice(0, 15)}`));

export async function startLineStandIn(opts: StandInOptions = {}): Promise<ProviderStandIn> {
  const received = new ReceivedLog<LineReceived>(opts.file);
  const accepted = new Map<string, LineReceived>();
  for (const r of received.items) if (r.retryKey) accepted.set(`${r.tokenFingerprint}:${r.retryKey}`, r);
  const answers = new Map<string, { answer: Answer; times?: number }>();

  function toldFor(address: string): Answer {
    const told = answers.get(address);
    if (!told || told.answer === 'ok') return 'ok';
    if (told.times !== undefined) {
      told.times -= 1;
      if (told.times <= 0) answers.delete(address);
    }
    return told.answer;
  }

  async function handler(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const requestId = randomUUID();
    const lineJson = (status: number, body: unknown, headers: Record<string, string> = {}) => sendJson(res, status, body, { 'x-line-request-id': requestId, ...headers });

    // the message viewer reads the stand-in from another origin (it keeps no secret: tokens as fingerprints)
    const open = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'GET, POST' };
    if (url.pathname.startsWith('/_standin/') && req.method === 'OPTIONS') {
      res.writeHead(204, open);
      return void res.end();
    }
    if (url.pathname === '/_standin/received' && req.method === 'GET') return sendJson(res, 200, received.items, open);
    if (url.pathname === '/_standin/answers' && req.method === 'POST') {
      let told: { address?: unknown; answer?: unknown; times?: unknown };
      try {
        told = JSON.parse(await bodyOf(req)) as typeof told;
      } catch {
        return sendJson(res, 400, { message: 'a JSON body { address, answer, times? } is needed' });
      }
      const answer = told.answer as Answer;
      if (!isString(told.address) || !['throttled', 'failed', 'dead', 'ok'].includes(answer))
        return sendJson(res, 400, { message: 'address and answer (throttled, failed, dead, ok) are needed' });
      const times = typeof told.times === 'number' && told.times > 0 ? Math.floor(told.times) : undefined;
      if (answer === 'ok') answers.delete(told.address);
      else answers.set(told.address, { answer, ...(times ? { times } : {}) });
      return sendJson(res, 200, { address: told.address, answer, ...(times ? { times } : {}) }, open);
    }

    // every Messaging API call: the channel access token first
    const auth = req.headers.authorization ?? '';
    const token = /^Bearer (.+)$/.exec(auth)?.[1];
    if (!token) return lineJson(401, { message: LINE_ERRORS.noAuth });
    if (!TOKEN.test(token)) return lineJson(401, { message: LINE_ERRORS.badToken });

    if (url.pathname === '/v2/bot/info' && req.method === 'GET') {
      const id = fingerprint(token);
      return lineJson(200, {
        userId: `U${createHash('md5').update(id).digest('hex')}`,
        basicId: `@${id.slice(0, 8)}`,
        displayName: 'Herald stand-in',
        chatMode: 'bot',
        markAsReadMode: 'auto',
      });
    }
    const path = url.pathname;
    if (req.method !== 'POST' || (path !== '/v2/bot/message/push' && path !== '/v2/bot/message/multicast')) return lineJson(404, { message: 'Not found' });
    if (!/^application\/json/i.test(req.headers['content-type'] ?? '')) return lineJson(415, { message: 'Unsupported Media Type' });
    const retryKey = req.headers['x-line-retry-key'];
    if (retryKey !== undefined && (Array.isArray(retryKey) || !RETRY_KEY.test(retryKey))) return lineJson(400, { message: LINE_ERRORS.retryKey });
    let body: { to?: unknown; messages?: unknown; notificationDisabled?: unknown };
    try {
      body = JSON.parse(await bodyOf(req)) as typeof body;
      if (!body || typeof body !== 'object') throw new Error('not an object');
    } catch {
      return lineJson(400, { message: LINE_ERRORS.json });
    }
    const multicast = path === '/v2/bot/message/multicast';
    const to = body.to;
    if (multicast) {
      if (!Array.isArray(to) || to.length < 1 || to.length > LIMITS.multicastTo || !to.every((u) => isString(u) && /^U[0-9a-f]{32}$/.test(u))) {
        return lineJson(400, {
          message: 'The request body has 1 error(s)',
          details: [{ message: `Size must be between 1 and ${LIMITS.multicastTo}, each a user id`, property: 'to' }],
        });
      }
    } else if (!isString(to) || !USER.test(to)) return lineJson(400, { message: LINE_ERRORS.badTo });
    const details = checkMessages(body.messages);
    if (details.length > 0) return lineJson(400, { message: `The request body has ${details.length} error(s)`, details });

    const keyOfRetry = retryKey ? `${fingerprint(token)}:${retryKey}` : undefined;
    const before = keyOfRetry ? accepted.get(keyOfRetry) : undefined;
    if (before) {
      return lineJson(
        409,
        { message: LINE_ERRORS.retryKeyAccepted, ...(multicast ? {} : { sentMessages: before.sentMessages }) },
        { 'x-line-accepted-request-id': before.requestId },
      );
    }
    const addresses = (Array.isArray(to) ? to : [to]) as string[];
    const told = addresses.map(toldFor);
    if (told.includes('throttled')) return lineJson(429, { message: LINE_ERRORS.rateLimit });
    if (!multicast && told[0] === 'dead') return lineJson(400, { message: 'Failed to send messages', details: [{ message: LINE_ERRORS.notFriend, property: 'to' }] });
    if (!multicast && told[0] === 'failed') return lineJson(400, { message: LINE_ERRORS.badTo });

    const messages = body.messages as unknown[];
    const sentMessages = multicast ? [] : messages.map(() => ({ id: messageId(), quoteToken: randomUUID().replace(/-/g, '') }));
    const record: LineReceived = {
      at: Date.now(),
      path,
      requestId,
      ...(isString(retryKey) ? { retryKey } : {}),
      tokenFingerprint: fingerprint(token),
      request: { to: to as string | string[], messages, ...(typeof body.notificationDisabled === 'boolean' ? { notificationDisabled: body.notificationDisabled } : {}) },
      sentMessages,
    };
    received.add(record);
    if (keyOfRetry) accepted.set(keyOfRetry, record);
    return lineJson(200, multicast ? {} : { sentMessages });
  }

  const { server, endpoint } = await listen(handler, opts.port);
  return { endpoint, close: () => closeServer(server) };
}

/** The fingerprint the stand-in keeps of a token (tests compare it with the token they saved). */
export const lineTokenFingerprint = fingerprint;
