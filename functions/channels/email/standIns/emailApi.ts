// Local stand-in of a transactional e-mail API in SendGrid's v3 shape (`POST /v3/mail/send`, 202 and `X-Message-Id`,
// or SendGrid's error body), with the shared `/_standin/received` and `/_standin/answers` protocol.
import { createHash, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { bodyOf, closeServer, listen, type ProviderStandIn, ReceivedLog, ScriptedAnswers, sendJson, type StandInOptions } from '../../standInKit';

export const EMAIL_API_STAND_IN_KEY = 'SG.local-stand-in.key';
export const EMAIL_API_PATH = '/v3/mail/send';

export interface ReceivedApiMail {
  at: number;
  messageId: string;
  keyFingerprint: string;
  from: string;
  to: string[];
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  customArgs: Record<string, string>;
}

type Answer = 'throttled' | 'failed' | 'dead' | 'refused' | 'ok';
const ANSWERS: readonly Answer[] = ['throttled', 'failed', 'dead', 'refused', 'ok'];

const fingerprint = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 16);
const errors = (res: ServerResponse, status: number, message: string, field: string | null = null) => sendJson(res, status, { errors: [{ message, field, help: null }] });

type Email = { email?: unknown; name?: unknown };
const emailOf = (v: unknown) => (v && typeof v === 'object' && typeof (v as Email).email === 'string' ? ((v as Email).email as string) : undefined);

export async function startEmailApiStandIn(opts: StandInOptions = {}): Promise<ProviderStandIn> {
  const received = new ReceivedLog<ReceivedApiMail>(opts.file);
  const scripted = new ScriptedAnswers<Answer>(ANSWERS);

  const { server, endpoint } = await listen(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://standin').pathname;
    if (await scripted.serve(req, res, path, received.items)) return;
    if (req.method !== 'POST' || path !== EMAIL_API_PATH) return errors(res, 404, 'Not found');

    const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    if (!auth) return errors(res, 401, 'Permission denied, wrong credentials');
    if (auth[1] !== EMAIL_API_STAND_IN_KEY) return errors(res, 401, 'The provided authorization grant is invalid, expired, or revoked');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await bodyOf(req)) as Record<string, unknown>;
    } catch {
      return errors(res, 400, 'Bad Request', null);
    }
    const personalizations = Array.isArray(body.personalizations) ? (body.personalizations as { to?: unknown }[]) : [];
    const to = personalizations.flatMap((p) => (Array.isArray(p.to) ? p.to.map(emailOf) : [])).filter((e): e is string => Boolean(e));
    const from = emailOf(body.from);
    const content = Array.isArray(body.content) ? (body.content as { type?: unknown; value?: unknown }[]) : [];
    if (to.length === 0) return errors(res, 400, 'The personalizations field is required and must have at least one personalization.', 'personalizations');
    if (!from) return errors(res, 400, 'The from object must be provided for every email send.', 'from');
    if (typeof body.subject !== 'string' || !body.subject) return errors(res, 400, 'The subject is required.', 'subject');
    if (content.length === 0 || (content[0]?.type !== 'text/plain' && content.length > 1))
      return errors(res, 400, 'The text/plain content type must be first, followed by text/html.', 'content');

    for (const address of [from, ...to]) {
      const answer = scripted.take(address);
      if (answer === 'throttled') return errors(res, 429, 'too many requests');
      if (answer === 'failed') return errors(res, 500, 'An error occurred on a SendGrid server.');
      if (answer === 'dead') return errors(res, 400, 'Does not contain a valid address.', 'personalizations.0.to.0.email');
      if (answer === 'refused') return errors(res, 403, 'The from address does not match a verified Sender Identity.', 'from');
    }
    const messageId = randomUUID().replace(/-/g, '').slice(0, 22);
    const part = (type: string) => String(content.find((c) => c.type === type)?.value ?? '');
    received.add({
      at: Date.now(),
      messageId,
      keyFingerprint: fingerprint(auth[1]),
      from,
      to,
      replyTo: emailOf(body.reply_to) ?? '',
      subject: body.subject,
      text: part('text/plain'),
      html: part('text/html'),
      headers: (body.headers as Record<string, string>) ?? {},
      customArgs: (body.custom_args as Record<string, string>) ?? {},
    });
    res.writeHead(202, { 'x-message-id': messageId }).end();
  }, opts.port);
  return { endpoint, close: () => closeServer(server) };
}
