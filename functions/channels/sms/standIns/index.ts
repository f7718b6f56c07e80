/** The SMS channel's local stand-ins, one line per provider. */
import type { StandInDeclaration } from '../../standInKit';
import { startSmsStandIn } from './sms';
import { startTwilioStandIn } from './twilio';

export const SMS_STAND_INS: readonly StandInDeclaration[] = [
  { name: 'sms', start: startSmsStandIn },
  { name: 'twilio', start: startTwilioStandIn },
];
