/** Registers the SNS records' texts; its page imports this module first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import snsRecordTexts from './snsRecord.texts';

addAreaTexts(bySide(snsRecordTexts));
