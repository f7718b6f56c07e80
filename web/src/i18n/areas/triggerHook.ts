/** Registers the texts of a recipient-action trigger's webhook and URL sources; the trigger screens import this module. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import triggerHookTexts from './triggerHook.texts';

addAreaTexts(bySide(triggerHookTexts));
