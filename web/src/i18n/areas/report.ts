/** Registers the report screens' texts; their pages import this module first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import reportTexts from './report.texts';

addAreaTexts(bySide(reportTexts));
