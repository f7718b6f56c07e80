/** Registers the models' texts (the screen on /library/model and its history); the generic entity page imports this module. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import modelTexts from './model.texts';

addAreaTexts(bySide(modelTexts));
