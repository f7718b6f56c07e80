/** Registers the account settings' texts; the settings page imports this module first. */
import { addAreaTexts } from '../index';
// My Info labels its fields with the user editor's texts
import './admin';
import en from './settings.en';
import ja from './settings.ja';
import zh from './settings.zh';

addAreaTexts({ en, zh, ja });
