/** Registers the approval sheet's and notifications' texts; the Approval tab, the tips, the bell and /notification import this first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import approvalTexts from './approval.texts';

addAreaTexts(bySide(approvalTexts));
