/** Registers the single sign-on texts; the sign-in page, the callback page and the SSO settings import this module first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import ssoTexts from './sso.texts';

addAreaTexts(bySide(ssoTexts));
