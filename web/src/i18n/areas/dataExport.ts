/** Registers the data export screen's texts; its page imports this module first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import dataExportTexts from './dataExport.texts';

addAreaTexts(bySide(dataExportTexts));
