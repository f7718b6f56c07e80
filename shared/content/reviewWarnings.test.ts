import { describe, expect, it } from 'vitest';
import { contentWarnings, reviewWarnings } from './reviewWarnings';

const email = (contents: Record<string, unknown>) => ({ kind: 'EMAIL', template: { defaultLanguage: Object.keys(contents)[0], contents } });
const blocks = (...list: unknown[]) => email({ en: { subject: 'Spring sale', preheader: '', blocks: list } });

describe('review warnings', () => {
  it('finds nothing in finished content', () => {
    const done = blocks(
      { type: 'heading', text: 'Twenty percent off' },
      { type: 'paragraph', text: 'Dear <b>{{firstName|customer}}</b>, see <a href="https://example.com/sale">the sale</a>.' },
      { type: 'button', text: 'Shop now', href: 'https://example.com/shop' },
      // a like/dislike prompt keeps its starting words
      { type: 'thumb', text: 'Was this message helpful?', likeText: '👍 Yes', dislikeText: '👎 No' },
    );
    expect(contentWarnings(done)).toEqual([]);
  });

  it('flags a block that still holds its sample text, in any of the starting languages', () => {
    const c = email({
      en: {
        subject: 'Hi',
        blocks: [
          { type: 'heading', text: 'Sale' },
          { type: 'paragraph', text: '<p>Write your text here.</p>' },
        ],
      },
      ja: { subject: 'こんにちは', blocks: [{ type: 'button', text: '詳しく見る', href: 'https://example.com' }] },
      zh: { subject: '你好', blocks: [{ type: 'list', items: ['价格', '第二项'] }] },
    });
    expect(contentWarnings(c)).toEqual([
      { kind: 'PLACEHOLDER', language: 'en', block: { n: 2, type: 'paragraph' }, field: 'text', text: 'Write your text here.' },
      { kind: 'PLACEHOLDER', language: 'ja', block: { n: 1, type: 'button' }, field: 'text', text: '詳しく見る' },
      { kind: 'PLACEHOLDER', language: 'zh', block: { n: 1, type: 'list' }, field: 'items', text: '第二项' },
    ]);
    // the long sample sentence left inside written text still counts; a word that merely starts the same does not
    expect(contentWarnings(blocks({ type: 'legal', text: 'Acme Inc. You receive this message because you signed up. Our address: …' }))).toHaveLength(1);
    expect(contentWarnings(blocks({ type: 'heading', text: 'Headings of the week' }))).toEqual([]);
  });

  it('flags a button or link without a target: empty or only #', () => {
    const c = blocks(
      { type: 'button', text: 'Buy now', href: '' },
      { type: 'button', text: 'Read', href: '#' },
      {
        type: 'textLinkGroup',
        items: [
          { text: 'Shop', href: 'https://example.com/shop' },
          { text: 'Terms', href: ' ' },
          { text: '', href: '' },
        ],
      },
      { type: 'paragraph', text: 'See <a href="#">our offer</a>.' },
      // a button with no text is not shown, and an image need not be a link
      { type: 'button', text: '   ', href: '' },
      { type: 'image', image: 'https://example.com/a.png', alt: 'A', href: '' },
    );
    expect(contentWarnings(c).map((w) => [w.kind, w.block?.n, w.field, w.text])).toEqual([
      ['NO_LINK', 1, 'href', 'Buy now'],
      ['NO_LINK', 2, 'href', 'Read'],
      ['NO_LINK', 3, 'items.1.href', 'Terms'],
      ['NO_LINK', 4, 'text', 'our offer'],
    ]);
  });

  it('flags a personalisation token without a fallback, in the subject, blocks and other channels', () => {
    const c = email({
      en: { subject: 'Hello {{firstName}}', blocks: [{ type: 'heading', text: 'For {{ attributes.plan }} and {{lastName|you}}' }] },
    });
    expect(contentWarnings(c)).toEqual([
      { kind: 'NO_FALLBACK', language: 'en', field: 'subject', text: '{{firstName}}' },
      { kind: 'NO_FALLBACK', language: 'en', block: { n: 1, type: 'heading' }, field: 'text', text: '{{ attributes.plan }}' },
    ]);
    expect(contentWarnings({ kind: 'SMS', template: { contents: { ja: { text: '{{firstName}}様、セール開催中' } } } })).toMatchObject([{ kind: 'NO_FALLBACK', field: 'text' }]);
    // a letter's address block is tokens by design
    const letter = { kind: 'DIRECT_MAIL', template: { contents: { en: { recipientBlock: '{{firstName}} {{lastName}}', subject: 'Hi', body: 'Dear {{firstName|customer}}' } } } };
    expect(contentWarnings(letter)).toEqual([]);
  });

  it('names the journey step of each warning, in walk order, and reads no library reference', () => {
    const journey = {
      entry: 'a',
      repeat: 'ONCE' as const,
      steps: {
        b: { type: 'MESSAGE' as const, name: '', channel: 'EMAIL' as const, content: blocks({ type: 'button', text: 'Go', href: '' }) as never, next: 'end' },
        a: {
          type: 'MESSAGE' as const,
          name: '',
          channel: 'SMS' as const,
          content: { kind: 'SMS', template: { contents: { en: { text: 'Hi {{firstName}}' } } } } as never,
          next: 'b',
        },
        end: { type: 'EXIT' as const, name: '' },
      },
    };
    expect(reviewWarnings({ journey }).map((w) => [w.stepId, w.kind])).toEqual([
      ['a', 'NO_FALLBACK'],
      ['b', 'NO_LINK'],
    ]);
    expect(reviewWarnings({ content: { kind: 'TEMPLATE' } })).toEqual([]);
  });
});
