/** Registers the texts of the push, SMS, LINE and letter editors; the pages that show them import this module first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import channelContentTexts from './channelContent.texts';

addAreaTexts(bySide(channelContentTexts));
