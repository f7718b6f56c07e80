/** Registers the account settings' texts; the settings page imports this module first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import settingsTexts from './settings.texts';
// My Info labels its fields with the user editor's texts
import './admin';

addAreaTexts(bySide(settingsTexts));
