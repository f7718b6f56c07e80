import { describe, expect, it } from 'vitest';
import type { BrandBrief } from './ai';
import { offlineAiProvider } from './aiOffline';

const brand = (over: Partial<BrandBrief> = {}): BrandBrief => ({
  brandName: '',
  url: '',
  description: '',
  toneTags: ['friendly', 'helpful'],
  personalityTags: [],
  languageStyle: 'NEUTRAL',
  sentenceStructure: 'SHORT',
  emotionalRange: 'WARM',
  voiceSample: 'We are here to help, every day.',
  sampleNames: [],
  colors: [],
  layout: 'STANDARD',
  ...over,
});

async function compose(b: BrandBrief, request: string, languages: string[]) {
  const answer = await offlineAiProvider.complete({ task: 'message', modelId: 'offline', system: '', prompt: '', brief: { brand: b, request, languages }, maxTokens: 1000 });
  return (JSON.parse(answer) as { contents: Record<string, { subject: string; preheader: string; headline: string; paragraphs: string[]; bullets: string[]; cta: string }> })
    .contents;
}

describe('the offline composer', () => {
  it('writes Japanese and Chinese in whole sentences of their own, with no English words mixed in', async () => {
    const contents = await compose(brand(), 'Announce the spring sale', ['en', 'ja', 'zh']);
    for (const lang of ['ja', 'zh']) {
      const text = Object.values(contents[lang]!).flat().join('\n');
      expect(text, lang).not.toMatch(/[A-Za-z]{2,}/);
      expect(contents[lang]!.paragraphs[0], lang).toMatch(/[。：]$/);
    }
    expect(contents.ja!.subject).toBe('最新のお知らせ');
    expect(contents.ja!.paragraphs[0]).toContain('親しみやすい、頼りになる言葉');
    expect(contents.zh!.paragraphs[0]).toContain('亲切、贴心的语气');
    expect(contents.en!.paragraphs[0]).toBe('In our friendly, helpful voice: Announce the spring sale');
  });

  it("keeps the brand's name, and its request and voice sample where they are written in the reader's language", async () => {
    const contents = await compose(brand({ brandName: 'さくら堂', toneTags: ['上品'], voiceSample: '季節の和菓子を、心を込めて。' }), '春の新作をお知らせ', ['ja', 'en']);
    expect(contents.ja!.subject).toBe('さくら堂からのお知らせ');
    expect(contents.ja!.paragraphs).toEqual(['さくら堂より、新しいお知らせをお届けします。上品言葉でお伝えします。春の新作をお知らせ', '季節の和菓子を、心を込めて。']);
    expect(contents.en!.paragraphs).toEqual(['In our friendly voice: さくら堂 has something new for you.']);
  });
});
