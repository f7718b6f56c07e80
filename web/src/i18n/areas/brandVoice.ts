/** Registers the AI brand voice's and the AI composer's texts (/library/ai-brand-voice, the builders); its page imports this module first. */
import { addAreaTexts } from '../index';
import en from './brandVoice.en';
import ja from './brandVoice.ja';
import zh from './brandVoice.zh';

addAreaTexts({ en, zh, ja });
