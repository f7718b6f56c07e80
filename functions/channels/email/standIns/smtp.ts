// Local stand-in of an organization's own SMTP server: STARTTLS (587's way) and implicit TLS (465's way) with a
// self-signed certificate, AUTH after TLS only, every mail parsed and kept; the shared `/_standin/` protocol on HTTP
// answers an address with a provider's SMTP codes (451 and 421 throttled, 553/554 refused, 550 no such mailbox).
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import selfsigned from 'selfsigned';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { closeServer, listen, ReceivedLog, ScriptedAnswers, sendJson, type StandInOptions } from '../../standInKit';

export const SMTP_STAND_IN_USER = 'herald';
export const SMTP_STAND_IN_PASSWORD = 'stand-in-password';

export interface ReceivedSmtpMail {
  at: number;
  messageId: string;
  security: 'STARTTLS' | 'TLS';
  user: string;
  envelope: { from: string; to: string[] };
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  headers: Record<string, string>;
  text: string;
  html: string;
}

export interface SmtpStandIn {
  endpoint: string;
  host: string;
  port: number;
  tlsPort: number;
  close(): Promise<void>;
}

type Answer = 'throttled' | 'closing' | 'failed' | 'dead' | 'ok';
const ANSWERS: readonly Answer[] = ['throttled', 'closing', 'failed', 'dead', 'ok'];

const refusal = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

const addressText = (a: AddressObject | AddressObject[] | undefined) => (Array.isArray(a) ? a.map((x) => x.text).join(', ') : (a?.text ?? ''));

export async function startSmtpStandIn(opts: StandInOptions = {}): Promise<SmtpStandIn> {
  const received = new ReceivedLog<ReceivedSmtpMail>(opts.file);
  const scripted = new ScriptedAnswers<Answer>(ANSWERS);
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    notAfterDate: new Date(Date.now() + 365 * 24 * 3600_000),
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });

  const server = (secure: boolean) =>
    new SMTPServer({
      secure,
      key: pems.private,
      cert: pems.cert,
      name: 'smtp.stand-in.local',
      authMethods: ['PLAIN', 'LOGIN'],
      // AUTH only over TLS, as a real submission server
      allowInsecureAuth: false,
      size: 10 * 1024 * 1024,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === SMTP_STAND_IN_USER && auth.password === SMTP_STAND_IN_PASSWORD) return callback(null, { user: auth.username });
        callback(refusal(535, 'Authentication failed'));
      },
      onMailFrom(address: SMTPServerAddress, session, callback) {
        if (!session.user) return callback(refusal(530, 'Authentication required'));
        const answer = scripted.take(address.address);
        if (answer === 'throttled') return callback(refusal(451, '4.7.1 Rate limited, try again later'));
        if (answer === 'closing') return callback(refusal(421, '4.7.0 Too many messages, try again later'));
        if (answer) return callback(refusal(553, `5.7.1 Sender address rejected: ${address.address} is not verified`));
        callback();
      },
      onRcptTo(address: SMTPServerAddress, _session, callback) {
        const answer = scripted.take(address.address);
        if (answer === 'throttled') return callback(refusal(451, '4.7.1 Rate limited, try again later'));
        if (answer === 'closing') return callback(refusal(421, '4.7.0 Too many messages, try again later'));
        if (answer === 'dead') return callback(refusal(550, `5.1.1 <${address.address}>: Recipient address rejected: User unknown`));
        if (answer === 'failed') return callback(refusal(554, `5.7.1 <${address.address}>: Relay access denied`));
        callback();
      },
      onData(stream, session, callback) {
        simpleParser(stream).then(
          (mail) => {
            const headers: Record<string, string> = {};
            for (const { key, line } of mail.headerLines) headers[key] ??= line.slice(line.indexOf(':') + 1).trim();
            received.add({
              at: Date.now(),
              messageId: mail.messageId ?? randomUUID(),
              security: secure ? 'TLS' : 'STARTTLS',
              user: String(session.user ?? ''),
              envelope: { from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address) },
              from: addressText(mail.from),
              to: addressText(mail.to),
              replyTo: addressText(mail.replyTo),
              subject: mail.subject ?? '',
              headers,
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
            });
            callback(null, `2.0.0 Ok: queued as ${randomUUID().slice(0, 12)}`);
          },
          (e: unknown) => callback(refusal(554, `5.6.0 The message could not be read: ${(e as Error).message}`)),
        );
      },
    });

  const listenSmtp = async (s: SMTPServer) => {
    await new Promise<void>((resolve, reject) => {
      s.server.once('error', reject);
      s.listen(0, '127.0.0.1', () => resolve());
    });
    return (s.server.address() as AddressInfo).port;
  };
  const startTls = server(false);
  const tls = server(true);
  const [port, tlsPort] = await Promise.all([listenSmtp(startTls), listenSmtp(tls)]);

  const { server: http, endpoint } = await listen(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://standin').pathname;
    if (await scripted.serve(req, res, path, received.items)) return;
    sendJson(res, 404, { message: 'not found' });
  }, opts.port);

  const closeSmtp = (s: SMTPServer) => new Promise<void>((resolve) => s.close(() => resolve()));
  return {
    endpoint,
    host: '127.0.0.1',
    port,
    tlsPort,
    close: async () => {
      await Promise.all([closeSmtp(startTls), closeSmtp(tls), closeServer(http)]);
    },
  };
}
