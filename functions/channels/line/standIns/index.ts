/** The LINE channel's local stand-ins, one line per provider: the LINE Messaging API. */
import type { StandInDeclaration } from '../../standInKit';
import { startLineStandIn } from './line';

export const LINE_STAND_INS: readonly StandInDeclaration[] = [{ name: 'line', start: startLineStandIn }];
