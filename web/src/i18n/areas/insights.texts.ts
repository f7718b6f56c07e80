/** The texts of the behaviour insights (/behaviorInsights/accountTrack and /webAccountTrack), English, Chinese and Japanese side by side. */
import { type SideBySide, t } from '../sideBySide';

const insightsTexts = {
  insights: {
    intro: {
      APP: t(
        'What the users of your iOS and Android apps do, as the apps report it through the SDK. Days are {{zone}}.',
        '您的 iOS 与 Android 应用用户的行为，由应用通过 SDK 上报。日期为 {{zone}}。',
        'iOS・Android アプリのユーザーの行動です（アプリが SDK で報告したもの）。日付は {{zone}} です。',
      ),
      WEB: t(
        'What the visitors of your sites do, as the web snippet reports it. Days are {{zone}}.',
        '您网站访客的行为，由网页代码片段上报。日期为 {{zone}}。',
        'サイト訪問者の行動です（Web スニペットが報告したもの）。日付は {{zone}} です。',
      ),
    },
    range: t('Date range', '日期范围', '期間'),
    start: t('Start (UTC)', '开始（UTC）', '開始（UTC）'),
    end: t('End (UTC)', '结束（UTC）', '終了（UTC）'),
    apply: t('Apply', '应用', '適用'),
    day: t('Day', '日期', '日付'),
    event: t('Event', '事件', 'イベント'),
    events: t('Events', '事件数', 'イベント数'),
    totalEvents: t('Events in the range', '范围内的事件数', '期間内のイベント数'),
    active: t('Active accounts', '活跃账户', 'アクティブアカウント'),
    activeTitle: t('Active accounts per day', '每日活跃账户', '日別アクティブアカウント'),
    activeSummary: t(
      'Accounts that reported at least one event, per day ({{zone}}), {{start}} to {{end}}.',
      '每日（{{zone}}）至少上报一个事件的账户数，{{start}} 至 {{end}}。',
      '日ごと（{{zone}}）に 1 件以上のイベントを報告したアカウント数（{{start}}〜{{end}}）。',
    ),
    eventsTitle: t('Events over time', '事件趋势', 'イベントの推移'),
    eventsSummary: t(
      'Events per day ({{zone}}), for the {{count}} most frequent names.',
      '最常见的 {{count}} 个事件名称每日（{{zone}}）的事件数。',
      '多い順に {{count}} 種類のイベント名の、日ごと（{{zone}}）のイベント数。',
    ),
    noEvents: t('No events in this range yet.', '此范围内尚无事件。', 'この期間のイベントはまだありません。'),
    funnelTitle: t('Funnel', '漏斗', 'ファネル'),
    funnelIntro: t(
      'Accounts through events in order: the first step counts the accounts whose first such event fell in the range, each next step those whose first of its event came at or after their first of the step before.',
      '按顺序经过各事件的账户：第一步统计首次发生该事件在范围内的账户，之后每一步统计首次发生该步事件的时间不早于其首次发生上一步事件的账户。',
      'イベントを順に通ったアカウント数です。最初のステップは、そのイベントの初回が期間内にあったアカウント、以降の各ステップは、そのイベントの初回が前のステップのイベントの初回以降だったアカウントを数えます。',
    ),
    funnelSteps: t('Steps (2 to {{max}} events, in order)', '步骤（按顺序选择 2 至 {{max}} 个事件）', 'ステップ（順番に 2〜{{max}} 個のイベント）'),
    funnelRun: t('Show the funnel', '显示漏斗', 'ファネルを表示'),
    funnelSummary: t('Accounts at each step of the funnel.', '漏斗每一步的账户数。', 'ファネルの各ステップのアカウント数。'),
    accounts: t('Accounts', '账户数', 'アカウント数'),
    step: t('Step', '步骤', 'ステップ'),
    timelineTitle: t("An account's timeline", '账户时间线', 'アカウントのタイムライン'),
    accountId: t('Account id', '账户 ID', 'アカウント ID'),
    show: t('Show', '显示', '表示'),
    timelineEmpty: t('No events for this account.', '该账户没有事件。', 'このアカウントのイベントはありません。'),
    time: t('Time ({{zone}})', '时间（{{zone}}）', '日時（{{zone}}）'),
    detail: t('Detail', '详情', '詳細'),
    message: t('Message', '消息', 'メッセージ'),
    more: t('Load more', '加载更多', 'さらに読み込む'),
    snippetTitle: t('The web snippet', '网页代码片段', 'Web スニペット'),
    snippetIntro: t(
      "Put this on every page of your site, with the secret your web app's key was issued with, then call herald.identify(accountId) once a visitor signs in and herald.track(name, properties) for what they do. Calls are accepted from the web app's allowed origins only.",
      '请将此代码放在网站的每个页面上，并填入网页应用密钥签发时的签名密钥；访客登录后调用 herald.identify(accountId)，对其行为调用 herald.track(name, properties)。仅接受来自网页应用允许来源的调用。',
      'サイトのすべてのページにこれを置き、Web アプリのキーを発行したときのシークレットを入れてください。訪問者がサインインしたら herald.identify(accountId) を、行動ごとに herald.track(name, properties) を呼び出します。Web アプリの許可オリジンからの呼び出しのみ受け付けます。',
    ),
    snippetApp: t('Web app', '网页应用', 'Web アプリ'),
    noWebApps: t(
      'No active web app with a key yet: add one of platform Web on the Applications screen and issue its secret.',
      '尚无带密钥的有效网页应用：请在“应用”页面添加平台为“网页”的应用并签发其签名密钥。',
      'キーのある有効な Web アプリがまだありません。アプリ画面でプラットフォーム「Web」のアプリを追加し、シークレットを発行してください。',
    ),
    copy: t('Copy', '复制', 'コピー'),
    copied: t('The snippet is copied.', '代码片段已复制。', 'スニペットをコピーしました。'),
    copyFailed: t(
      'The snippet could not be copied: select it and copy it by hand.',
      '无法复制代码片段：请手动选择并复制。',
      'スニペットをコピーできませんでした。選択して手動でコピーしてください。',
    ),
    secretPlaceholder: t('YOUR_WEB_APP_SECRET', 'YOUR_WEB_APP_SECRET', 'YOUR_WEB_APP_SECRET'),
    analytics: {
      osOpens: t('{{os}} opens (app)', '{{os}} 打开数（应用）', '{{os}} 開封数（アプリ）'),
      osOpenRate: t('{{os}} open rate', '{{os}} 打开率', '{{os}} 開封率'),
      cta: t('CTA{{n}} taps', 'CTA{{n}} 点击数', 'CTA{{n}} タップ数'),
      ctaRate: t('CTA{{n}} rate', 'CTA{{n}} 点击率', 'CTA{{n}} 率'),
      scrollDepth: t('Scrolled to {{depth}}%', '滚动至 {{depth}}%', '{{depth}}% までスクロール'),
      scrollRate: t('Scroll rate (read to the end)', '滚动率（读到末尾）', 'スクロール率（最後まで閲読）'),
    },
    failed: t('The numbers could not be read.', '无法读取数据。', '数値を読み込めませんでした。'),
  },
} satisfies SideBySide;

export default insightsTexts;
