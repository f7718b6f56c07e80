/** Registers the LINE channel settings' texts; the section imports this module first. */
import { addAreaTexts } from '../index';
import en from './lineChannel.en';
import ja from './lineChannel.ja';
import zh from './lineChannel.zh';

addAreaTexts({ en, zh, ja });
