/**
 * The e-mail providers an organization may bring (shared/entities/messageProvider.ts), each behind the e-mail
 * sender port: SES in its own AWS account here, its SMTP server (./smtp.ts) and a transactional e-mail API
 * (./emailApi.ts).
 */
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { CustomerAwsRefused, customerCredentials } from '../../platform/customerAws';
import type { ProviderFactories, ProviderFactory } from '../providers';
import type { SendOutcome } from '../sender';
import { emailApiOrgSender } from './emailApi';
import { withOrgAddresses } from './orgAddresses';
import { smtpOrgSender } from './smtp';
import { sesEmailSender } from './ses';

/** Credentials that cannot be had (none set, a role that refuses) fail the message: nothing was sent. */
export function refusedCredentials(e: unknown): SendOutcome | undefined {
  return e instanceof CustomerAwsRefused ? { kind: 'failed', reason: 'UNEXPECTED', detail: e.message } : undefined;
}

/**
 * SES in the organization's account and region, with its configuration set: its keys, or its role assumed with
 * the record's external id (asked again before the role's credentials lapse). Locally the SES stand-in.
 */
export const sesOrgSender: ProviderFactory = (setting, rt) => {
  const endpoint = rt.aws.endpoints.ses;
  const client = new SESv2Client({
    region: setting.region || rt.config.region,
    // one attempt: a retry after a timeout could send twice; throttling is retried by the send worker
    maxAttempts: 1,
    credentials: () => customerCredentials(rt, setting, `herald-ses-${setting.id}`),
    ...(endpoint ? { endpoint } : {}),
  });
  const ses = sesEmailSender(client, setting.configurationSetName || undefined);
  return {
    async send(message, route) {
      try {
        return await ses.send(withOrgAddresses(setting, message), route);
      } catch (e) {
        const outcome = refusedCredentials(e);
        if (outcome) return outcome;
        throw e;
      }
    },
    async close() {
      client.destroy();
    },
  };
};

/** The organization's e-mail providers by kind. */
export const EMAIL_PROVIDERS: ProviderFactories<'EMAIL'> = {
  SES: sesOrgSender,
  SMTP: smtpOrgSender,
  EMAIL_API: emailApiOrgSender,
};

export { withOrgAddresses };
