// What the AI is told: a brief of the caller's organization's brand voice (nothing else: the brief is built from that
// one record) and the request, with the JSON shape its answer must take.
import { DEFAULT_CHANNEL } from '../../../shared/delivery';
import type { BrandVoice } from '../../../shared/entities';
import type { AiComposerChannel } from '../../../shared/services';
import type { AiRequest, BrandBrief } from '../../platform/ai';

export function brandBriefOf(voice: BrandVoice | undefined): BrandBrief {
  return {
    brandName: voice?.brandName ?? '',
    url: voice?.url ?? '',
    description: voice?.description ?? '',
    toneTags: voice?.toneTags ?? [],
    personalityTags: voice?.personalityTags ?? [],
    languageStyle: voice?.languageStyle ?? 'NEUTRAL',
    sentenceStructure: voice?.sentenceStructure ?? 'BALANCED',
    emotionalRange: voice?.emotionalRange ?? 'WARM',
    voiceSample: voice?.voiceSample ?? '',
    // the reference materials by their names: their bytes stay in storage
    sampleNames: (voice?.samples ?? []).map((path) => path.slice(path.lastIndexOf('/') + 1)),
    colors: voice?.brandColors ?? [],
    layout: voice?.layout ?? 'HERO_FIRST',
  };
}

function brandLines(brand: BrandBrief): string {
  return [
    `Brand name: ${brand.brandName || '(not given)'}`,
    brand.url && `Website: ${brand.url}`,
    brand.description && `About the brand: ${brand.description}`,
    brand.toneTags.length > 0 && `Tone: ${brand.toneTags.join(', ')}`,
    brand.personalityTags.length > 0 && `Personality: ${brand.personalityTags.join(', ')}`,
    `Language style: ${brand.languageStyle}; sentences: ${brand.sentenceStructure}; emotional range: ${brand.emotionalRange}`,
    brand.voiceSample && `A sample of the voice: ${brand.voiceSample}`,
    brand.sampleNames.length > 0 && `Reference materials: ${brand.sampleNames.join(', ')}`,
  ]
    .filter(Boolean)
    .join('\n');
}

const SYSTEM =
  'You write marketing messages for one brand, in its voice. Answer with one JSON object and nothing else. ' +
  'Write plain text without HTML or markdown. Never invent prices, dates or legal claims the request does not give.';

const WRITE: Record<AiComposerChannel, string> = {
  EMAIL: 'Write an email',
  PUSH_NATIVE: 'Write a mobile push notification (subject: a title of at most 50 characters; one or two short paragraphs; no bullets)',
  SMS: 'Write a text message (SMS) of at most 300 characters in all (subject: a few words; one short paragraph; no bullets)',
  LINE: 'Write a LINE chat message (subject: a few words; short paragraphs; cta: a button label of at most 20 characters)',
};

export function messagePrompt(brand: BrandBrief, request: string, languages: readonly string[], modelId: string, channel: AiComposerChannel = DEFAULT_CHANNEL): AiRequest {
  const prompt = [
    brandLines(brand),
    '',
    `${WRITE[channel]} for this request: ${request}`,
    `Languages (BCP 47 codes): ${languages.join(', ')}`,
    'Answer as {"contents": {"<language>": {"subject": "", "preheader": "", "headline": "", "paragraphs": [""], "bullets": [""], "cta": ""}}} with one entry per language.',
  ].join('\n');
  return { task: 'message', modelId, system: SYSTEM, prompt, brief: { brand, request, languages }, maxTokens: 2000 };
}

export function personaPrompt(brand: BrandBrief, modelId: string): AiRequest {
  const prompt = [
    brandLines(brand),
    '',
    'Describe this brand\'s voice. Answer as {"toneTags": [""], "personalityTags": [""], "languageStyle": "FORMAL|NEUTRAL|CASUAL", ' +
      '"sentenceStructure": "SHORT|BALANCED|DESCRIPTIVE", "emotionalRange": "RESERVED|WARM|ENTHUSIASTIC", "voiceSample": ""}.',
  ].join('\n');
  return { task: 'persona', modelId, system: SYSTEM, prompt, brief: { brand }, maxTokens: 800 };
}
