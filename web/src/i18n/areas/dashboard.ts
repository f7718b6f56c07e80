/** Registers the dashboard's texts; the dashboard page imports this module first. */
import { addAreaTexts } from '../index';
import en from './dashboard.en';
import ja from './dashboard.ja';
import zh from './dashboard.zh';

addAreaTexts({ en, zh, ja });
