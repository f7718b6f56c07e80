/** Registers the push channel settings' texts; the page imports this module first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import pushChannelTexts from './pushChannel.texts';

addAreaTexts(bySide(pushChannelTexts));
