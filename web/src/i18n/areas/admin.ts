/** Registers the admin screens' texts (users, roles and permissions, organizations); the pages of the area import this module first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import adminTexts from './admin.texts';

addAreaTexts(bySide(adminTexts));
