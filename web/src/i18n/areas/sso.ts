/** Registers the single sign-on texts; the sign-in page, the callback page and the SSO settings import this module first. */
import { addAreaTexts } from '../index';
import en from './sso.en';
import ja from './sso.ja';
import zh from './sso.zh';

addAreaTexts({ en, zh, ja });
