/**
 * The SMS channel's local stand-ins, one line per provider: End User Messaging SMS (the deployment's and an
 * organization's own) and Twilio. Local only (npm start and the tests, through functions/channels/standIns.ts): no
 * Lambda bundle imports this list.
 */
import type { StandInDeclaration } from '../../standInKit';
import { startSmsStandIn } from './sms';
import { startTwilioStandIn } from './twilio';

export const SMS_STAND_INS: readonly StandInDeclaration[] = [
  { name: 'sms', start: startSmsStandIn },
  { name: 'twilio', start: startTwilioStandIn },
];
