/** Registers the cloud source screens' texts; their pages import this module first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import cloudSourceTexts from './cloudSource.texts';

addAreaTexts(bySide(cloudSourceTexts));
