/** Registers the asset manager's texts (/library/s3-manage); its page imports this module first. */
import { addAreaTexts } from '../index';
import en from './assets.en';
import ja from './assets.ja';
import zh from './assets.zh';

addAreaTexts({ en, zh, ja });
