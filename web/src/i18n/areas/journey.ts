/** Registers the campaign builder's texts (/builder); its page imports this module first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import journeyTexts from './journey.texts';

addAreaTexts(bySide(journeyTexts));
