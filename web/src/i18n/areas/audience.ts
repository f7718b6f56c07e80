/** Registers the audience screens' texts (accounts, data import, segments); the pages of the area import this module first. */
import { addAreaTexts } from '../index';
import en from './audience.en';
import ja from './audience.ja';
import zh from './audience.zh';

addAreaTexts({ en, zh, ja });
