import type en from './onboarding.en';

/** 新しい組織の最初の管理者向けオンボーディング手順（日本語）。 */
const onboardingJa: typeof en = {
  onboarding: {
    steps: 'オンボーディングの手順',
    welcomeTitle: '{{name}} へようこそ',
    welcomeText: '組織が作成されました。組織の説明とブランドを設定しましょう。あとから「組織」でいつでも変更できます。',
    start: '始める',
    skip: 'オンボーディングをスキップ',
    next: '保存して次へ',
    back: '戻る',
    baseInfoText: 'ポータルでの組織の名前と紹介です。',
    name: '組織名',
    shortCode: '短縮コード',
    intro: '紹介',
    brandText: 'ポータルとメッセージに表示される組織のロゴです。',
    icon: 'ロゴの URL',
    iconHint: 'PNG・JPG・GIF 画像の https アドレスです。',
    colorsText: 'AI 作成で書かれるメッセージはこの色を使います。明るい色は背景色になります。色は AI ブランドボイスで追加できます。',
    primaryColor: 'プライマリカラー（HEX）',
    secondaryColor: 'セカンダリカラー（HEX）',
    completeTitle: 'ブランドの準備ができました',
    completeText: '{{name}} の設定が完了しました。ポータルに進んで最初のキャンペーンを作成しましょう。',
    finish: 'ポータルへ進む',
    saved: '保存しました',
  },
};
export default onboardingJa;
