/** Registers the models' texts (the screen on /library/model and its history); the generic entity page imports this module. */
import { addAreaTexts } from '../index';
import en from './model.en';
import ja from './model.ja';
import zh from './model.zh';

addAreaTexts({ en, zh, ja });
