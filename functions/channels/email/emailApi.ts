// E-mail through a transactional e-mail API in SendGrid's v3 `mail/send` shape (SendGrid, and the services that speak
// it).
import { AppError } from '../../../shared/errors';
import { unseal } from '../../platform/keys';
import { outboundFetch } from '../../platform/outbound';
import type { ProviderFactory } from '../providers';
import type { OutboundEmail, SendOutcome } from '../sender';
import { withOrgAddresses } from './orgAddresses';

export function mailSendBody(mail: OutboundEmail) {
  return {
    personalizations: [{ to: [{ email: mail.to }] }],
    from: { email: mail.from },
    ...(mail.replyTo ? { reply_to: { email: mail.replyTo } } : {}),
    subject: mail.subject,
    // text/plain must come first, as the API requires
    content: [
      { type: 'text/plain', value: mail.text },
      { type: 'text/html', value: mail.html },
    ],
    ...(Object.keys(mail.headers).length ? { headers: mail.headers } : {}),
    ...(Object.keys(mail.tags).length ? { custom_args: mail.tags } : {}),
  };
}

function errorText(status: number, body: string): string {
  let text = body.slice(0, 200);
  try {
    const parsed = JSON.parse(body) as { errors?: { message?: string; field?: string | null }[] };
    const messages = (parsed.errors ?? []).map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).filter(Boolean);
    if (messages.length) text = messages.join('; ');
  } catch {
    // not JSON: the text as it came
  }
  return `EMAIL API ${status}${text ? `: ${text}` : ''}`.slice(0, 300);
}

const UNREACHED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
]);

/**
 * The API's answer as an outcome, or undefined when it is unknown whether the mail was taken: - 2xx sent (202
 * Accepted), the `X-Message-Id` header the provider's id; - 429 and 503 throttled: the service says try later, and
 * took nothing; - 500 failed: SendGrid's 500 means its servers did not accept the request.
 */
export function classifyEmailApi(status: number, body: string, messageId: string | null): SendOutcome | undefined {
  if (status >= 200 && status < 300) return { kind: 'sent', providerId: messageId ?? '' };
  if (status === 429 || status === 503) return { kind: 'throttled' };
  if (status === 502 || status === 504) return undefined;
  return { kind: 'failed', reason: 'UNEXPECTED', detail: errorText(status, body) };
}

export const emailApiOrgSender: ProviderFactory = (setting, rt) => ({
  async send(message) {
    if (message.channel !== 'EMAIL') throw new Error('the e-mail API sender sends email only');
    const mail = withOrgAddresses(setting, message) as OutboundEmail;
    const key = setting.apiKeySealed ? unseal(rt.keys, setting.apiKeySealed) : '';
    let res: Response;
    try {
      res = await outboundFetch(setting.apiUrl, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(mailSendBody(mail)),
        maxBytes: 64 * 1024,
        timeoutMs: 30_000,
      });
    } catch (e) {
      // the guard refused the address (private on AWS, not a URL): nothing was sent
      if (e instanceof AppError) return { kind: 'failed', reason: 'UNEXPECTED', detail: `EMAIL API: ${e.detail ?? e.message}`.slice(0, 300) };
      const cause = (e as { cause?: { code?: string } }).cause;
      if (cause?.code && UNREACHED.has(cause.code)) return { kind: 'failed', reason: 'UNEXPECTED', detail: `EMAIL API: ${cause.code}` };
      throw e;
    }
    const outcome = classifyEmailApi(res.status, await res.text().catch(() => ''), res.headers.get('x-message-id'));
    if (!outcome) throw new Error(`EMAIL API ${res.status}: the gateway answered; the mail may have been taken`);
    return outcome;
  },
});
