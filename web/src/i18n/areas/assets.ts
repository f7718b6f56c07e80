/** Registers the asset manager's texts (/library/s3-manage); its page imports this module first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import assetsTexts from './assets.texts';

addAreaTexts(bySide(assetsTexts));
