/** Registers the SNS records' texts; its page imports this module first. */
import { addAreaTexts } from '../index';
import en from './snsRecord.en';
import ja from './snsRecord.ja';
import zh from './snsRecord.zh';

addAreaTexts({ en, zh, ja });
