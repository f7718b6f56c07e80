/** Registers the dashboard groups' texts (/dashboard/groups, /dashboard/subDashboard and the dashboard's group chooser). */
import { addAreaTexts } from '../index';
import en from './dashboardGroup.en';
import ja from './dashboardGroup.ja';
import zh from './dashboardGroup.zh';

addAreaTexts({ en, zh, ja });
