/** Registers the preset records screen's texts; its page imports this module first. */
import { addAreaTexts } from '../index';
import en from './preset.en';
import ja from './preset.ja';
import zh from './preset.zh';

addAreaTexts({ en, zh, ja });
