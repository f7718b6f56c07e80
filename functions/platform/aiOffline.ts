/**
 * The deterministic offline AI provider (locally and in tests): it answers in the JSON the composer asks of a
 * model, written from the request's brief alone (the brand's name, tone words and the request), so the same
 * brief always gives the same answer and no network is needed.
 */
import type { AiProvider, AiRequest, BrandBrief } from './ai';

const WORDS: Record<string, { intro: (b: string) => string; tone: (t: string) => string; cta: string; bullets: string[] }> = {
  en: {
    intro: (b) => `News from ${b}`,
    tone: (t) => `In our ${t} voice:`,
    cta: 'Find out more',
    bullets: ['What is new', 'Why it matters to you', 'What to do next'],
  },
  ja: {
    intro: (b) => `${b}からのお知らせ`,
    tone: (t) => `${t}な言葉で：`,
    cta: '詳しく見る',
    bullets: ['新しいこと', 'あなたにとっての意味', '次のステップ'],
  },
  zh: {
    intro: (b) => `来自${b}的消息`,
    tone: (t) => `以我们${t}的语气：`,
    cta: '了解更多',
    bullets: ['新内容', '对您的意义', '下一步'],
  },
};

function messageAnswer(brand: BrandBrief, request: string, languages: readonly string[]): unknown {
  const name = brand.brandName || 'us';
  const tone = brand.toneTags.length ? brand.toneTags.join(', ') : 'friendly';
  const contents = Object.fromEntries(
    languages.map((lang) => {
      const words = WORDS[lang.slice(0, 2)] ?? WORDS.en!;
      const mark = WORDS[lang.slice(0, 2)] ? '' : `[${lang}] `;
      const paragraphs = [`${mark}${words.tone(tone)} ${request}`];
      if (brand.voiceSample) paragraphs.push(`${mark}${brand.voiceSample}`);
      return [
        lang,
        {
          subject: `${mark}${words.intro(name)}`.slice(0, 150),
          preheader: request.slice(0, 100),
          headline: `${mark}${words.intro(name)}`,
          paragraphs,
          bullets: brand.layout === 'COMPACT' ? [] : words.bullets.map((b) => `${mark}${b}`),
          cta: `${mark}${words.cta}`,
        },
      ];
    }),
  );
  return { contents };
}

function personaAnswer(brand: BrandBrief): unknown {
  const text = `${brand.brandName} ${brand.description}`.toLowerCase();
  const playful = /fun|play|kid|game|joy/.test(text);
  const formal = /bank|law|insur|finance|medical|formal/.test(text);
  return {
    toneTags: formal ? ['trustworthy', 'clear', 'calm'] : playful ? ['playful', 'bright', 'friendly'] : ['friendly', 'helpful', 'confident'],
    personalityTags: formal ? ['expert', 'reliable'] : ['approachable', 'curious'],
    languageStyle: formal ? 'FORMAL' : playful ? 'CASUAL' : 'NEUTRAL',
    sentenceStructure: formal ? 'DESCRIPTIVE' : 'SHORT',
    emotionalRange: playful ? 'ENTHUSIASTIC' : formal ? 'RESERVED' : 'WARM',
    voiceSample: `${brand.brandName || 'We'}: ${brand.description || 'here to help, every day.'}`.slice(0, 500),
  };
}

export const offlineAiProvider: AiProvider = {
  async complete(request: AiRequest) {
    const { brand, request: ask = '', languages = ['en'] } = request.brief;
    return JSON.stringify(request.task === 'persona' ? personaAnswer(brand) : messageAnswer(brand, ask, languages));
  },
};
