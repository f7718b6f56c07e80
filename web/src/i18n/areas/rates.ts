/** Registers the texts of the per-channel delivery figures (shared/metrics); the analytics and report pages import this first. */
import { addAreaTexts } from '../index';
import en from './rates.en';
import ja from './rates.ja';
import zh from './rates.zh';

addAreaTexts({ en, zh, ja });
