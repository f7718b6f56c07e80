/** Registers the system setting's switch hints (what each switch does, docs/settings.md); the system setting page imports this first. */
import { addAreaTexts } from '../index';
import en from './systemSetting.en';
import ja from './systemSetting.ja';
import zh from './systemSetting.zh';

addAreaTexts({ en, zh, ja });
