/** Registers the campaign builder's texts (/builder); its page imports this module first. */
import { addAreaTexts } from '../index';
import en from './journey.en';
import ja from './journey.ja';
import zh from './journey.zh';

addAreaTexts({ en, zh, ja });
