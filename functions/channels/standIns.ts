// Every channel's local stand-ins, by channel (each channel's `standIns/index.ts` lists its providers').
// Local only: the Lambda bundles never import this registry (.dependency-cruiser.cjs `stand-ins-local-only`).
import type { Channel } from '../../shared/delivery';
import { EMAIL_STAND_INS } from './email/standIns';
import { LINE_STAND_INS } from './line/standIns';
import { PUSH_STAND_INS } from './push/standIns';
import { SMS_STAND_INS } from './sms/standIns';
import type { StandInDeclaration } from './standInKit';

export const CHANNEL_STAND_INS: { readonly [C in Channel]: readonly StandInDeclaration[] } = {
  EMAIL: EMAIL_STAND_INS,
  SMS: SMS_STAND_INS,
  PUSH_NATIVE: PUSH_STAND_INS,
  LINE: LINE_STAND_INS,
  // a letter's files go to the asset bucket (s3rver): no provider of its own
  DIRECT_MAIL: [],
};
