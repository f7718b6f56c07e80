/** Registers the organization and role delegation screens' texts; their pages import this module first. */
import { addAreaTexts } from '../index';
import en from './organization.en';
import ja from './organization.ja';
import zh from './organization.zh';

addAreaTexts({ en, zh, ja });
