/** Registers the texts of the sign-in flow's other pages (forgot, set and change password, e-mail confirmation); those pages import this module first. */
import { addAreaTexts } from '../index';
import en from './auth.en';
import ja from './auth.ja';
import zh from './auth.zh';

addAreaTexts({ en, zh, ja });
