/** Registers the message console's texts; its pages import this module first. */
import { addAreaTexts } from '../index';
import en from './messageConsole.en';
import ja from './messageConsole.ja';
import zh from './messageConsole.zh';

addAreaTexts({ en, zh, ja });
