/** Registers the texts of the push, SMS, LINE and letter editors; the pages that show them import this module first. */
import { addAreaTexts } from '../index';
import en from './channelContent.en';
import ja from './channelContent.ja';
import zh from './channelContent.zh';

addAreaTexts({ en, zh, ja });
