/** Registers the presets' texts (the presets, their categories, the builder and the picker); the generic entity page imports this module. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import presetsTexts from './presets.texts';

addAreaTexts(bySide(presetsTexts));
