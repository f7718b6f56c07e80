/** Registers the campaign screens' texts; the pages of the area import this module first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import campaignTexts from './campaign.texts';
import campaignDetailTexts from './campaignDetail.texts';
import campaignWizardTexts from './campaignWizard.texts';
// the wizard's content step and the message detail show the template builder's texts
import './template';
// a recipient-action trigger's webhook and URL sources (the trigger step, its summary, the token dialog)
import './triggerHook';

addAreaTexts(bySide(campaignTexts));
addAreaTexts(bySide(campaignWizardTexts));
addAreaTexts(bySide(campaignDetailTexts));
