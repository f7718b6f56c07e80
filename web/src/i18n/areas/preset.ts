/** Registers the preset records screen's texts; its page imports this module first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import presetTexts from './preset.texts';

addAreaTexts(bySide(presetTexts));
