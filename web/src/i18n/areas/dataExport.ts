/** Registers the data export screen's texts; its page imports this module first. */
import { addAreaTexts } from '../index';
import en from './dataExport.en';
import ja from './dataExport.ja';
import zh from './dataExport.zh';

addAreaTexts({ en, zh, ja });
