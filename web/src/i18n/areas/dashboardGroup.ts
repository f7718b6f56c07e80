/** Registers the dashboard groups' texts (/dashboard/groups, /dashboard/subDashboard and the dashboard's group chooser). */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import dashboardGroupTexts from './dashboardGroup.texts';

addAreaTexts(bySide(dashboardGroupTexts));
