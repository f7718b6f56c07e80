/** Registers the presets' texts (the presets, their categories, the builder and the picker); the generic entity page imports this module. */
import { addAreaTexts } from '../index';
import en from './presets.en';
import ja from './presets.ja';
import zh from './presets.zh';

addAreaTexts({ en, zh, ja });
