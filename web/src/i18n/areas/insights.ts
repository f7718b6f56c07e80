/** Registers the behaviour insights' texts; the insights pages import this module first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import insightsTexts from './insights.texts';

addAreaTexts(bySide(insightsTexts));
