/** The e-mail channel's local stand-ins, one line per provider. */
import type { StandInDeclaration } from '../../standInKit';
import { startSmtpStandIn } from './smtp';
import { startEmailApiStandIn } from './emailApi';

export const EMAIL_STAND_INS: readonly StandInDeclaration[] = [
  { name: 'smtp', start: startSmtpStandIn },
  { name: 'emailApi', start: startEmailApiStandIn },
];
