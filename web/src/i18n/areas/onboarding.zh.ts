import type en from './onboarding.en';

/** 新组织首位管理员的入门引导步骤（中文）。 */
const onboardingZh: typeof en = {
  onboarding: {
    steps: '入门步骤',
    welcomeTitle: '欢迎加入 {{name}}',
    welcomeText: '您的组织是新建的。花一分钟介绍它并设置品牌；之后都可以在“组织”中修改。',
    start: '开始',
    skip: '跳过入门引导',
    next: '保存并继续',
    back: '返回',
    baseInfoText: '您的组织在门户中的名称和介绍。',
    name: '组织名称',
    shortCode: '简码',
    intro: '介绍',
    brandText: '您的组织在门户和消息中显示的标志。',
    icon: '标志 URL',
    iconHint: 'PNG、JPG 或 GIF 图片的 https 地址。',
    colorsText: 'AI 撰写的消息使用这些颜色。浅色会用作背景色。您可以在 AI 品牌语调中添加更多颜色。',
    primaryColor: '主色（HEX）',
    secondaryColor: '辅助色（HEX）',
    completeTitle: '您的品牌已就绪',
    completeText: '{{name}} 已设置完成。进入门户创建您的第一个活动。',
    finish: '进入门户',
    saved: '已保存',
  },
};
export default onboardingZh;
