/** Registers the organization and role delegation screens' texts; their pages import this module first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import organizationTexts from './organization.texts';

addAreaTexts(bySide(organizationTexts));
