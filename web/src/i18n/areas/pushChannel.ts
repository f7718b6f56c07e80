/** Registers the push channel settings' texts; the page imports this module first. */
import { addAreaTexts } from '../index';
import en from './pushChannel.en';
import ja from './pushChannel.ja';
import zh from './pushChannel.zh';

addAreaTexts({ en, zh, ja });
