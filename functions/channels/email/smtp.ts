// E-mail through the organization's own SMTP server (nodemailer).
// The host is resolved and checked as every address an organization can aim (platform/addresses.ts): never the
// deployment's own network.
import { isIP } from 'node:net';
import { AddressRefused, addressKind, checkedAddress } from '../../platform/addresses';
import { unseal } from '../../platform/keys';
import type { ProviderFactory } from '../providers';
import type { OutboundEmail, SendOutcome } from '../sender';
import { withOrgAddresses } from './orgAddresses';
import { say } from '../../../shared/i18n/say';

interface SmtpError {
  code?: string;
  originalCode?: string;
  responseCode?: number;
  response?: string;
  command?: string;
  timeoutType?: string;
  message?: string;
}

const UNREACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const EARLY_TIMEOUTS = new Set(['CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT']);

const detailOf = (e: SmtpError) => `SMTP ${(e.response ?? e.message ?? '').replace(/\s+/g, ' ').trim()}`.slice(0, 300);

/** An SMTP failure as an outcome; undefined once the session was under way (nodemailer cannot say whether DATA went). */
export function classifySmtp(e: SmtpError): SendOutcome | undefined {
  const code = e.responseCode;
  if (code) {
    // 4xx: the server refused for now (421 closing, 450/451/452 try later): nothing was accepted
    if (code >= 400 && code < 500) return { kind: 'throttled' };
    // the mailbox does not exist (550/551, 5.1.x or no enhanced code): the address will never take mail
    if (e.command === 'RCPT TO' && (code === 550 || code === 551) && !/^\d{3}[ -]5\.(?!1\.|2\.1)\d+\.\d+/.test(e.response ?? '')) {
      return { kind: 'dead', reason: 'BOUNCE', detail: detailOf(e) };
    }
    // any other 5xx (a refused sender, a failed login, a refused message): refused for good, nothing was sent
    return { kind: 'failed', reason: 'UNEXPECTED', detail: detailOf(e) };
  }
  // before the session could carry a mail: DNS, a refused connection, TLS, a login nodemailer could not make
  if (e.code === 'EDNS' || e.code === 'ETLS' || e.code === 'EAUTH' || e.code === 'EENVELOPE' || e.code === 'EMESSAGE') {
    return { kind: 'failed', reason: 'UNEXPECTED', detail: detailOf(e) };
  }
  if ((e.code === 'ECONNECTION' || e.code === 'ESOCKET') && UNREACHED.has(e.originalCode ?? '')) return { kind: 'failed', reason: 'UNEXPECTED', detail: detailOf(e) };
  if (e.code === 'ETIMEDOUT' && EARLY_TIMEOUTS.has(e.timeoutType ?? '')) return { kind: 'failed', reason: 'UNEXPECTED', detail: detailOf(e) };
  return undefined;
}

/** Connecting, the greeting and TLS must be quick; a mail in flight may take longer. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

export const smtpOrgSender: ProviderFactory = (setting, rt) => {
  type Transport = ReturnType<typeof import('nodemailer').createTransport>;
  let transport: Promise<Transport> | undefined;

  async function open(): Promise<Transport> {
    const policy = rt.config.outbound;
    // connect to the checked address, so a second DNS answer cannot lead elsewhere; TLS still checks the name
    const address = await checkedAddress(setting.host, policy);
    const selfSignedOk = policy.allowLoopback && addressKind(address) === 'loopback';
    const secure = setting.smtpSecurity === 'TLS';
    // loaded on first use: beside the Lambda bundle (infra/lambdaBundling.ts), not in every cold start
    const nodemailer = await import('nodemailer');
    return nodemailer.createTransport({
      pool: true,
      maxConnections: 3,
      // the pool sends a message again only when not a byte of it was read (a reused connection the server had
      // closed, after a 421); a message that failed once under way is answered to the caller, never resent
      maxRequeues: 3,
      idleTimeout: 30_000,
      host: address,
      port: setting.port ?? (secure ? 465 : 587),
      secure,
      requireTLS: !secure,
      ...(isIP(setting.host) ? {} : { servername: setting.host }),
      ...(setting.username ? { auth: { user: setting.username, pass: setting.passwordSealed ? unseal(rt.keys, setting.passwordSealed) : '' } } : {}),
      tls: { minVersion: 'TLSv1.2', rejectUnauthorized: !selfSignedOk, ...(isIP(setting.host) ? {} : { servername: setting.host }) },
      ...TIMEOUTS,
    });
  }

  return {
    async send(message) {
      if (message.channel !== 'EMAIL') throw new Error('the SMTP sender sends email only');
      const mail = withOrgAddresses(setting, message) as OutboundEmail;
      let t: Transport;
      try {
        transport ??= open();
        t = await transport;
      } catch (e) {
        transport = undefined;
        if (e instanceof AddressRefused) return { kind: 'failed', reason: 'UNEXPECTED', detail: `SMTP ${setting.host}: ${say('outbound.addressRefused')}` };
        const code = (e as { code?: string }).code ?? '';
        return { kind: 'failed', reason: 'UNEXPECTED', detail: `SMTP ${setting.host}: ${code || (e as Error).message}`.slice(0, 300) };
      }
      try {
        const info = await t.sendMail({
          from: mail.from,
          to: mail.to,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
        });
        return { kind: 'sent', providerId: info.messageId };
      } catch (e) {
        const outcome = classifySmtp(e as SmtpError);
        if (!outcome) throw e;
        return outcome;
      }
    },
    async close() {
      const opened = transport;
      transport = undefined;
      (await opened?.catch(() => undefined))?.close();
    },
  };
};
