/** Registers the texts of a member's own alert rules (the settings' Alerts tab) and of the notifications they send. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import userAlertTexts from './userAlert.texts';

addAreaTexts(bySide(userAlertTexts));
