/** Registers the audience screens' texts (accounts, data import, segments); the pages of the area import this module first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import audienceTexts from './audience.texts';

addAreaTexts(bySide(audienceTexts));
