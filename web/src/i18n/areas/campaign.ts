/** Registers the campaign screens' texts; the pages of the area import this module first. */
import { addAreaTexts } from '../index';
import en from './campaign.en';
import ja from './campaign.ja';
import zh from './campaign.zh';

addAreaTexts({ en, zh, ja });
