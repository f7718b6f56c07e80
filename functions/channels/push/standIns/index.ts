/**
 * The push channel's local stand-ins, one line per provider: Amazon Pinpoint's push and an API application's
 * endpoint for each auth type. Local only (npm start and the tests, through functions/channels/standIns.ts): no
 * Lambda bundle imports this list.
 */
import type { StandInDeclaration } from '../../standInKit';
import { startPushStandIn } from './push';
import { startApiAppStandIn } from './apiApp';

export const PUSH_STAND_INS: readonly StandInDeclaration[] = [
  { name: 'pinpoint', file: 'push', start: startPushStandIn },
  { name: 'apiApp', file: 'api-app', start: startApiAppStandIn },
];
