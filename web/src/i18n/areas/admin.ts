/** Registers the admin screens' texts (users, roles and permissions, organizations); the pages of the area import this module first. */
import { addAreaTexts } from '../index';
import en from './admin.en';
import ja from './admin.ja';
import zh from './admin.zh';

addAreaTexts({ en, zh, ja });
