/** Registers the campaign screens' texts; the pages of the area import this module first. */
import { addAreaTexts } from '../index';
// the wizard's content step and the message detail show the template builder's texts
import './template';
// a recipient-action trigger's webhook and URL sources (the trigger step, its summary, the token dialog)
import './triggerHook';
import en from './campaign.en';
import ja from './campaign.ja';
import zh from './campaign.zh';
import detailEn from './campaignDetail.en';
import detailJa from './campaignDetail.ja';
import detailZh from './campaignDetail.zh';
import wizardEn from './campaignWizard.en';
import wizardJa from './campaignWizard.ja';
import wizardZh from './campaignWizard.zh';

addAreaTexts({ en, zh, ja });
addAreaTexts({ en: wizardEn, zh: wizardZh, ja: wizardJa });
addAreaTexts({ en: detailEn, zh: detailZh, ja: detailJa });
