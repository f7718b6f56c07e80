/** Registers the AI brand voice's and the AI composer's texts (/library/ai-brand-voice, the builders); its page imports this module first. */
import { addAreaTexts } from '../index';
import { bySide } from '../sideBySide';
import brandVoiceTexts from './brandVoice.texts';

addAreaTexts(bySide(brandVoiceTexts));
