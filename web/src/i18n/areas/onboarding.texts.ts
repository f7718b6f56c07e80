/** The onboarding steps of a new organization's first administrator,, English, Chinese and Japanese side by side. */
import { type SideBySide, t } from '../sideBySide';

const onboardingTexts = {
  onboarding: {
    steps: t('Onboarding steps', '入门步骤', 'オンボーディングの手順'),
    welcomeTitle: t('Welcome to {{name}}', '欢迎加入 {{name}}', '{{name}} へようこそ'),
    welcomeText: t(
      'Your organization is new. Take a minute to describe it and set its brand; you can change everything later under Organizations.',
      '您的组织是新建的。花一分钟介绍它并设置品牌；之后都可以在“组织”中修改。',
      '組織が作成されました。組織の説明とブランドを設定しましょう。あとから「組織」でいつでも変更できます。',
    ),
    start: t('Get started', '开始', '始める'),
    skip: t('Skip onboarding', '跳过入门引导', 'オンボーディングをスキップ'),
    next: t('Save and continue', '保存并继续', '保存して次へ'),
    back: t('Back', '返回', '戻る'),
    baseInfoText: t('How your organization is named and described in the portal.', '您的组织在门户中的名称和介绍。', 'ポータルでの組織の名前と紹介です。'),
    name: t('Organization name', '组织名称', '組織名'),
    shortCode: t('Short code', '简码', '短縮コード'),
    intro: t('Introduction', '介绍', '紹介'),
    brandText: t('The logo your organization shows in the portal and its messages.', '您的组织在门户和消息中显示的标志。', 'ポータルとメッセージに表示される組織のロゴです。'),
    icon: t('Logo URL', '标志 URL', 'ロゴの URL'),
    iconHint: t('An https address of a PNG, JPG or GIF image.', 'PNG、JPG 或 GIF 图片的 https 地址。', 'PNG・JPG・GIF 画像の https アドレスです。'),
    colorsText: t(
      'Messages the AI composer writes use these colours. A light colour becomes a background. You can add more colours in the AI brand voice.',
      'AI 撰写的消息使用这些颜色。浅色会用作背景色。您可以在 AI 品牌语调中添加更多颜色。',
      'AI 作成で書かれるメッセージはこの色を使います。明るい色は背景色になります。色は AI ブランドボイスで追加できます。',
    ),
    primaryColor: t('Primary colour (HEX)', '主色（HEX）', 'プライマリカラー（HEX）'),
    secondaryColor: t('Secondary colour (HEX)', '辅助色（HEX）', 'セカンダリカラー（HEX）'),
    completeTitle: t('Your brand is ready', '您的品牌已就绪', 'ブランドの準備ができました'),
    completeText: t(
      '{{name}} is set up. Continue to the portal to create your first campaign.',
      '{{name}} 已设置完成。进入门户创建您的第一个活动。',
      '{{name}} の設定が完了しました。ポータルに進んで最初のキャンペーンを作成しましょう。',
    ),
    finish: t('Go to the portal', '进入门户', 'ポータルへ進む'),
    saved: t('Saved', '已保存', '保存しました'),
  },
} satisfies SideBySide;

export default onboardingTexts;
