/** Registers the template library's and builder's texts; the pages that show templates import this module first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import templateTexts from './template.texts';

addAreaTexts(bySide(templateTexts));
