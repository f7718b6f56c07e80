/** Registers the approval sheet's and notifications' texts; the Approval tab, the tips, the bell and /notification import this first. */
import { addAreaTexts } from '../index';
import en from './approval.en';
import ja from './approval.ja';
import zh from './approval.zh';

addAreaTexts({ en, zh, ja });
