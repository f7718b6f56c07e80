/** Registers the texts of a recipient-action trigger's webhook and URL sources; the trigger screens import this module. */
import { addAreaTexts } from '../index';
import en from './triggerHook.en';
import ja from './triggerHook.ja';
import zh from './triggerHook.zh';

addAreaTexts({ en, zh, ja });
