/**
 * The LINE channel's local stand-ins, one line per provider: the LINE Messaging API. Local only (npm start and the
 * tests, through functions/channels/standIns.ts): no Lambda bundle imports this list.
 */
import type { StandInDeclaration } from '../../standInKit';
import { startLineStandIn } from './line';

export const LINE_STAND_INS: readonly StandInDeclaration[] = [{ name: 'line', start: startLineStandIn }];
