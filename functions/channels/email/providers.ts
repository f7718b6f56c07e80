/**
 * The e-mail providers an organization may bring (shared/entities/messageProvider.ts), each behind the e-mail sender
 * port: SES in its own AWS account here, its SMTP server (./smtp.ts) and a transactional e-mail API (./emailApi.ts).
 */
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { customerAwsSender, type ProviderFactories, type ProviderFactory } from '../providers';
import { emailApiOrgSender } from './emailApi';
import { withOrgAddresses } from './orgAddresses';
import { smtpOrgSender } from './smtp';
import { sesEmailSender } from './ses';

export const sesOrgSender: ProviderFactory = (setting, rt) =>
  customerAwsSender(setting, rt, { service: 'ses', client: (config) => new SESv2Client(config) }, (client) => {
    const ses = sesEmailSender(client, setting.configurationSetName || undefined);
    return { send: (message, route) => ses.send(withOrgAddresses(setting, message), route) };
  });

export const EMAIL_PROVIDERS: ProviderFactories<'EMAIL'> = {
  SES: sesOrgSender,
  SMTP: smtpOrgSender,
  EMAIL_API: emailApiOrgSender,
};

export { withOrgAddresses };
