/** The deterministic offline AI provider (locally and in tests). */
import type { AiProvider, AiRequest, BrandBrief } from './ai';

const TONE_WORDS: Record<string, { ja: string; zh: string }> = {
  trustworthy: { ja: '信頼できる', zh: '值得信赖' },
  clear: { ja: '分かりやすい', zh: '清晰' },
  calm: { ja: '落ち着いた', zh: '沉稳' },
  playful: { ja: '遊び心のある', zh: '俏皮' },
  bright: { ja: '明るい', zh: '明快' },
  friendly: { ja: '親しみやすい', zh: '亲切' },
  helpful: { ja: '頼りになる', zh: '贴心' },
  confident: { ja: '自信に満ちた', zh: '自信' },
};

type Lang = 'en' | 'ja' | 'zh';

function fits(text: string, lang: Lang): boolean {
  const kana = /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text);
  const han = /\p{Script=Han}/u.test(text);
  if (lang === 'en') return !kana && !han;
  return lang === 'ja' ? kana || han : han && !kana;
}

const WORDS: Record<Lang, { intro: (brand: string) => string; news: (brand: string) => string; tone: (tones: string[]) => string; cta: string; bullets: string[] }> = {
  en: {
    intro: (b) => (b ? `News from ${b}` : 'Our latest news'),
    news: (b) => `${b || 'We'} ${b ? 'has' : 'have'} something new for you.`,
    tone: (t) => `In our ${t.join(', ')} voice:`,
    cta: 'Find out more',
    bullets: ['What is new', 'Why it matters to you', 'What to do next'],
  },
  ja: {
    intro: (b) => (b ? `${b}からのお知らせ` : '最新のお知らせ'),
    news: (b) => `${b ? `${b}より、` : ''}新しいお知らせをお届けします。`,
    tone: (t) => `${t.join('、')}言葉でお伝えします。`,
    cta: '詳しく見る',
    bullets: ['新しいこと', 'あなたにとっての意味', '次のステップ'],
  },
  zh: {
    intro: (b) => (b ? `来自${b}的消息` : '最新消息'),
    news: (b) => `${b ? `${b}为您` : '我们为您'}带来最新消息。`,
    tone: (t) => `以${t.join('、')}的语气与您分享：`,
    cta: '了解更多',
    bullets: ['新内容', '对您的意义', '下一步'],
  },
};

function messageAnswer(brand: BrandBrief, request: string, languages: readonly string[]): unknown {
  const contents = Object.fromEntries(
    languages.map((code) => {
      const known = (['en', 'ja', 'zh'] as const).find((l) => l === code.slice(0, 2));
      const lang: Lang = known ?? 'en';
      const words = WORDS[lang];
      const mark = known ? '' : `[${code}] `;
      const tones = brand.toneTags.flatMap((tag) => {
        const known = TONE_WORDS[tag.toLowerCase()];
        return fits(tag, lang) ? [tag] : lang !== 'en' && known ? [known[lang]] : [];
      });
      const tone = words.tone(tones.length ? tones : [lang === 'en' ? 'friendly' : TONE_WORDS.friendly![lang]]);
      const asked = request && fits(request, lang) ? request : '';
      const paragraphs = lang === 'en' ? [`${mark}${tone} ${asked || words.news(brand.brandName)}`] : [`${words.news(brand.brandName)}${tone}${asked}`];
      if (brand.voiceSample && fits(brand.voiceSample, lang)) paragraphs.push(`${mark}${brand.voiceSample}`);
      return [
        code,
        {
          subject: `${mark}${words.intro(brand.brandName)}`.slice(0, 150),
          preheader: (asked || words.news(brand.brandName)).slice(0, 100),
          headline: `${mark}${words.intro(brand.brandName)}`,
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
