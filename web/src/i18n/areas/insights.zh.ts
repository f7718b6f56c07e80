/** The behaviour insights' texts in Chinese: the same keys and placeholders as ./insights.en.ts. */
import type { LocaleShape } from '../locales/en';
import type { InsightsTexts } from './insights.en';

const insightsZh: LocaleShape<InsightsTexts> = {
  insights: {
    intro: {
      APP: '您的 iOS 与 Android 应用用户的行为，由应用通过 SDK 上报。日期为 {{zone}}。',
      WEB: '您网站访客的行为，由网页代码片段上报。日期为 {{zone}}。',
    },
    range: '日期范围',
    start: '开始（UTC）',
    end: '结束（UTC）',
    apply: '应用',
    day: '日期',
    event: '事件',
    events: '事件数',
    totalEvents: '范围内的事件数',
    active: '活跃账户',
    activeTitle: '每日活跃账户',
    activeSummary: '每日（{{zone}}）至少上报一个事件的账户数，{{start}} 至 {{end}}。',
    eventsTitle: '事件趋势',
    eventsSummary: '最常见的 {{count}} 个事件名称每日（{{zone}}）的事件数。',
    noEvents: '此范围内尚无事件。',
    funnelTitle: '漏斗',
    funnelIntro: '按顺序经过各事件的账户：第一步统计首次发生该事件在范围内的账户，之后每一步统计首次发生该步事件的时间不早于其首次发生上一步事件的账户。',
    funnelSteps: '步骤（按顺序选择 2 至 {{max}} 个事件）',
    funnelRun: '显示漏斗',
    funnelSummary: '漏斗每一步的账户数。',
    accounts: '账户数',
    step: '步骤',
    timelineTitle: '账户时间线',
    accountId: '账户 ID',
    show: '显示',
    timelineEmpty: '该账户没有事件。',
    time: '时间（{{zone}}）',
    detail: '详情',
    message: '消息',
    more: '加载更多',
    snippetTitle: '网页代码片段',
    snippetIntro:
      '请将此代码放在网站的每个页面上，并填入网页应用密钥签发时的签名密钥；访客登录后调用 herald.identify(accountId)，对其行为调用 herald.track(name, properties)。仅接受来自网页应用允许来源的调用。',
    snippetApp: '网页应用',
    noWebApps: '尚无带密钥的有效网页应用：请在“应用”页面添加平台为“网页”的应用并签发其签名密钥。',
    copy: '复制',
    copied: '代码片段已复制。',
    copyFailed: '无法复制代码片段：请手动选择并复制。',
    secretPlaceholder: 'YOUR_WEB_APP_SECRET',
    analytics: {
      osOpens: '{{os}} 打开数（应用）',
      osOpenRate: '{{os}} 打开率',
      cta: 'CTA{{n}} 点击数',
      ctaRate: 'CTA{{n}} 点击率',
      scrollDepth: '滚动至 {{depth}}%',
      scrollRate: '滚动率（读到末尾）',
    },
    failed: '无法读取数据。',
  },
};

export default insightsZh;
