/** Registers the message console's texts; its pages import this module first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import messageConsoleTexts from './messageConsole.texts';

addAreaTexts(bySide(messageConsoleTexts));
