/** Registers the template library's and builder's texts; the pages that show templates import this module first. */
import { addAreaTexts } from '../index';
import en from './template.en';
import ja from './template.ja';
import zh from './template.zh';

addAreaTexts({ en, zh, ja });
