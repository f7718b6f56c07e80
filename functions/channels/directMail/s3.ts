// Letters' "provider": each letter drawn as a PDF on the letter worker thread (letterPdfWorker.ts, so the send
// worker's thread never loads pdf-lib or the font) and stored under its run through the storage port (S3, s3rver
// locally).
// An S3 error that cannot say whether the object was stored is thrown: the claim stays uncertain.
import type { Company } from '../../../shared/entities';
import type { Runtime } from '../../platform/runtime';
import type { TenantStore } from '../../store/store';
import type { ProviderAnswer } from '../adapter';
import { renderLettersPdf } from '../letterPdfWorker';
import type { ChannelSender, Outbound, SendOutcome, SendRoute } from '../sender';
import { signLetter } from './render';

const THROTTLED = new Set(['SlowDown', 'ServiceUnavailable', 'RequestLimitExceeded', 'TooManyRequestsException', 'ThrottlingException']);
const REFUSED = new Set(['AccessDenied', 'NoSuchBucket', 'InvalidBucketName', 'KMS.DisabledException', 'LetterNotDrawn', 'NoSenderCompany']);

export function classifyLetter(answer: ProviderAnswer): SendOutcome | undefined {
  if (answer.ok) return { kind: 'sent', providerId: answer.providerId };
  if (THROTTLED.has(answer.code)) return { kind: 'throttled' };
  if (REFUSED.has(answer.code)) return { kind: 'failed', reason: 'UNEXPECTED', detail: answer.detail ? `${answer.code}: ${answer.detail}` : answer.code };
  return undefined;
}

/** How long a company read for a run's letters is reused: a run's batches read it once a minute at most. */
const COMPANY_TTL_MS = 60_000;

export function s3LetterSender(rt: Runtime): ChannelSender {
  const companies = new Map<string, { at: number; company: Promise<Company | undefined> }>();
  function companyOf(tenant: TenantStore, id: string): Promise<Company | undefined> {
    const key = `${tenant.orgId}#${id}`;
    const hit = companies.get(key);
    if (hit && rt.clock.now() - hit.at < COMPANY_TTL_MS) return hit.company;
    if (companies.size > 1000) companies.clear();
    const company = tenant.get('company', id);
    companies.set(key, { at: rt.clock.now(), company });
    company.catch(() => companies.delete(key));
    return company;
  }

  return {
    async send(message: Outbound, { tenant }: SendRoute): Promise<SendOutcome> {
      if (message.channel !== 'DIRECT_MAIL') throw new Error('the letter sender sends letters only');
      let company: Company | null = null;
      if (message.companyId) {
        const found = await companyOf(tenant, message.companyId);
        if (!found) return classifyLetter({ ok: false, code: 'NoSenderCompany', detail: "the letter's sender company no longer exists" })!;
        company = found;
      }
      const layout = signLetter(message.layout, company, message.language, new Date(rt.clock.now()));
      let pdf: Uint8Array;
      try {
        pdf = await renderLettersPdf([layout], layout.subject);
      } catch (e) {
        return classifyLetter({ ok: false, code: 'LetterNotDrawn', detail: e instanceof Error ? e.message : String(e) })!;
      }
      try {
        await rt.ports.storage.put(message.key, pdf, 'application/pdf');
      } catch (e) {
        const outcome = classifyLetter({ ok: false, code: (e as { name?: string }).name ?? '' });
        if (!outcome) throw e;
        return outcome;
      }
      return classifyLetter({ ok: true, providerId: message.key })!;
    },
  };
}
