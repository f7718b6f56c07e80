/**
 * The e-mail channel's local stand-ins, one line per provider: an organization's own SMTP server and transactional
 * e-mail API (the deployment's SES is the local SES, functions/local/sesStandIn.ts). Local only (npm start and the
 * tests, through functions/channels/standIns.ts): no Lambda bundle imports this list.
 */
import type { StandInDeclaration } from '../../standInKit';
import { startSmtpStandIn } from './smtp';
import { startEmailApiStandIn } from './emailApi';

export const EMAIL_STAND_INS: readonly StandInDeclaration[] = [
  { name: 'smtp', start: startSmtpStandIn },
  { name: 'emailApi', start: startEmailApiStandIn },
];
