/** Registers the system setting's switch hints (what each switch does, docs/settings.md); the system setting page imports this first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import systemSettingTexts from './systemSetting.texts';

addAreaTexts(bySide(systemSettingTexts));
