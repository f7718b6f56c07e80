/** Registers the cloud source screens' texts; their pages import this module first. */
import { addAreaTexts } from '../index';
import en from './cloudSource.en';
import ja from './cloudSource.ja';
import zh from './cloudSource.zh';

addAreaTexts({ en, zh, ja });
