/** Registers the dashboard's texts; the dashboard page imports this module first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import dashboardTexts from './dashboard.texts';

addAreaTexts(bySide(dashboardTexts));
