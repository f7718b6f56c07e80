/** Registers the onboarding steps' texts (/onboarding/*); the onboarding page imports this module first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import onboardingTexts from './onboarding.texts';

addAreaTexts(bySide(onboardingTexts));
