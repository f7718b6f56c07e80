/** Registers the report screens' texts; their pages import this module first. */
import { addAreaTexts } from '../index';
import en from './report.en';
import ja from './report.ja';
import zh from './report.zh';

addAreaTexts({ en, zh, ja });
