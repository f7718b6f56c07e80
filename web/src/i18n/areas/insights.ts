/** Registers the behaviour insights' texts; the insights pages import this module first. */
import { addAreaTexts } from '../index';
import en from './insights.en';
import ja from './insights.ja';
import zh from './insights.zh';

addAreaTexts({ en, zh, ja });
