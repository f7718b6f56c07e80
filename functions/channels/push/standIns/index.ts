/** The push channel's local stand-ins, one line per provider. */
import type { StandInDeclaration } from '../../standInKit';
import { startPushStandIn } from './push';
import { startApiAppStandIn } from './apiApp';

export const PUSH_STAND_INS: readonly StandInDeclaration[] = [
  { name: 'pinpoint', file: 'push', start: startPushStandIn },
  { name: 'apiApp', file: 'api-app', start: startApiAppStandIn },
];
