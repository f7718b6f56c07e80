/** Registers the texts of a member's own alert rules (the settings' Alerts tab) and of the notifications they send. */
import { addAreaTexts } from '../index';
import en from './userAlert.en';
import ja from './userAlert.ja';
import zh from './userAlert.zh';

addAreaTexts({ en, zh, ja });
