/** Registers the texts of the per-channel delivery figures (shared/metrics); the analytics and report pages import this first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import ratesTexts from './rates.texts';

addAreaTexts(bySide(ratesTexts));
