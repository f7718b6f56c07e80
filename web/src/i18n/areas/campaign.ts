/** Registers the campaign screens' texts; the pages of the area import this module first. */
import { addAreaTexts } from '../index';
// the wizard's content step and the message detail show the template builder's texts
import './template';
// a recipient-action trigger's webhook and URL sources (the trigger step, its summary, the token dialog)
import './triggerHook';
import en from './campaign.en';
import ja from './campaign.ja';
import zh from './campaign.zh';

addAreaTexts({ en, zh, ja });
