/** Starting texts of new blocks in ja and zh (schema defaults are English), so a block added to such content starts in it. */
type StartingTexts = Partial<Record<string, Record<string, unknown>>>;

const LINKS = { website: 'https://example.com', help: 'https://example.com/help', contact: 'mailto:hello@example.com' };

export const BLOCK_STARTING_TEXTS: Record<'ja' | 'zh', StartingTexts> = {
  ja: {
    hero: { title: 'ビッグニュース' },
    title: { text: 'タイトル' },
    heading: { text: '見出し' },
    paragraph: { text: 'ここに本文を入力します。' },
    list: { items: ['1つ目の項目', '2つ目の項目', '3つ目の項目'] },
    button: { text: '詳しく見る' },
    textLinkGroup: {
      items: [
        { text: 'ウェブサイト', href: LINKS.website },
        { text: 'ヘルプ', href: LINKS.help },
        { text: 'お問い合わせ', href: LINKS.contact },
      ],
    },
    thumb: { text: 'このメッセージは役に立ちましたか？', likeText: '👍 はい', dislikeText: '👎 いいえ' },
    legal: { text: 'このメッセージは、ご登録いただいた方にお送りしています。所在地：…' },
    tip: { content: 'お役立ちヒント。' },
  },
  zh: {
    hero: { title: '重大消息' },
    title: { text: '标题' },
    heading: { text: '小标题' },
    paragraph: { text: '在此输入正文。' },
    list: { items: ['第一项', '第二项', '第三项'] },
    button: { text: '了解详情' },
    textLinkGroup: {
      items: [
        { text: '网站', href: LINKS.website },
        { text: '帮助', href: LINKS.help },
        { text: '联系我们', href: LINKS.contact },
      ],
    },
    thumb: { text: '这条消息对您有帮助吗？', likeText: '👍 有帮助', dislikeText: '👎 没帮助' },
    legal: { text: '您收到此消息是因为您已注册。我们的地址：…' },
    tip: { content: '实用小贴士。' },
  },
};

export function startingTextsOf(language: string, type: string): Record<string, unknown> | undefined {
  const base = language.toLowerCase().split(/[-_]/)[0];
  return base === 'ja' || base === 'zh' ? BLOCK_STARTING_TEXTS[base][type] : undefined;
}
