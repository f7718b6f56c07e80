/** Registers the LINE channel settings' texts; the section imports this module first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import lineChannelTexts from './lineChannel.texts';

addAreaTexts(bySide(lineChannelTexts));
