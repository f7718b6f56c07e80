import { describe, expect, it } from 'vitest';
import { newChannelDraft, withComposedContent, withPresetText } from './channelDraft';

describe('withComposedContent', () => {
  it("fills the fields the composer writes in each language it wrote, and keeps the user's other settings and languages", () => {
    const draft = newChannelDraft('PUSH_NATIVE', 'ja');
    draft.contents.ja = { ...draft.contents.ja, title: '下書き', sound: 'chime', priority: 'SEND_ANYWAY' };
    draft.contents.fr = { ...draft.contents.ja, title: 'Brouillon' };
    const composed = {
      contents: {
        ja: { contentType: 'text', title: 'お知らせ', intro: '', body: '本文', buttons: [{ text: '見る', action: 'WEBSITE', value: 'https://a.example' }], sound: 'default' },
      },
    };
    const next = withComposedContent(draft, composed);
    expect(next.contents.ja).toMatchObject({ title: 'お知らせ', body: '本文', sound: 'chime', priority: 'SEND_ANYWAY', buttons: [{ text: '見る' }] });
    expect(next.contents.fr.title).toBe('Brouillon');
    // the answer is copied, not shared with the draft
    composed.contents.ja.buttons[0].text = 'x';
    expect((next.contents.ja.buttons as { text: string }[])[0].text).toBe('見る');
  });

  it("keeps an SMS's opt-out choice and fills its text; a LINE template's messages", () => {
    const sms = { ...newChannelDraft('SMS'), contents: { en: { text: 'old', stopFooter: false } } };
    expect(withComposedContent(sms, { contents: { en: { text: 'New', stopFooter: true } } }).contents.en).toEqual({ text: 'New', stopFooter: false });
    const line = withComposedContent(newChannelDraft('LINE'), { contents: { en: { messages: [{ type: 'text', text: 'Hi' }] } } });
    expect(line.contents.en).toEqual({ messages: [{ type: 'text', text: 'Hi' }] });
  });
});

describe('withPresetText', () => {
  const preset = { subject: '{{preset.shop.name|当店}}より', text: 'ようこそ{{preset.shop.name|当店}}' };

  it('puts the subject into an empty push title and the text after the body; a title written stays', () => {
    const draft = newChannelDraft('PUSH_NATIVE', 'ja');
    draft.contents.ja = { ...draft.contents.ja, title: '', body: '本文' };
    expect(withPresetText(draft, 'PUSH_NATIVE', 'ja', preset).contents.ja).toMatchObject({ title: preset.subject, body: `本文\n\n${preset.text}` });
    draft.contents.ja = { ...draft.contents.ja, title: 'お知らせ' };
    expect(withPresetText(draft, 'PUSH_NATIVE', 'ja', preset).contents.ja).toMatchObject({ title: 'お知らせ' });
  });

  it('adds the text to an SMS, and as a text message after the others to LINE (none when the preset has no text)', () => {
    const sms = { ...newChannelDraft('SMS'), contents: { en: { text: '', stopFooter: false } } };
    expect(withPresetText(sms, 'SMS', 'en', preset).contents.en.text).toBe(preset.text);
    const line = { ...newChannelDraft('LINE'), contents: { en: { messages: [{ type: 'text', text: 'Hi' }] } } };
    expect(withPresetText(line, 'LINE', 'en', preset).contents.en.messages).toEqual([
      { type: 'text', text: 'Hi' },
      { type: 'text', text: preset.text },
    ]);
    expect(withPresetText(line, 'LINE', 'en', { subject: '', text: '' }).contents.en.messages).toHaveLength(1);
  });
});
