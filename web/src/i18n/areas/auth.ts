/** Registers the texts of the sign-in flow's other pages (forgot, set and change password, e-mail confirmation); those pages import this module first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import authTexts from './auth.texts';

addAreaTexts(bySide(authTexts));
