/** Registers the onboarding steps' texts (/onboarding/*); the onboarding page imports this module first. */
import { addAreaTexts } from '../index';
import en from './onboarding.en';
import ja from './onboarding.ja';
import zh from './onboarding.zh';

addAreaTexts({ en, zh, ja });
