/** The behaviour insights' texts in Japanese: the same keys and placeholders as ./insights.en.ts. */
import type { LocaleShape } from '../locales/en';
import type { InsightsTexts } from './insights.en';

const insightsJa: LocaleShape<InsightsTexts> = {
  insights: {
    intro: {
      APP: 'iOS・Android アプリのユーザーの行動です（アプリが SDK で報告したもの）。日付は {{zone}} です。',
      WEB: 'サイト訪問者の行動です（Web スニペットが報告したもの）。日付は {{zone}} です。',
    },
    range: '期間',
    start: '開始（UTC）',
    end: '終了（UTC）',
    apply: '適用',
    day: '日付',
    event: 'イベント',
    events: 'イベント数',
    totalEvents: '期間内のイベント数',
    active: 'アクティブアカウント',
    activeTitle: '日別アクティブアカウント',
    activeSummary: '日ごと（{{zone}}）に 1 件以上のイベントを報告したアカウント数（{{start}}〜{{end}}）。',
    eventsTitle: 'イベントの推移',
    eventsSummary: '多い順に {{count}} 種類のイベント名の、日ごと（{{zone}}）のイベント数。',
    noEvents: 'この期間のイベントはまだありません。',
    funnelTitle: 'ファネル',
    funnelIntro:
      'イベントを順に通ったアカウント数です。最初のステップは、そのイベントの初回が期間内にあったアカウント、以降の各ステップは、そのイベントの初回が前のステップのイベントの初回以降だったアカウントを数えます。',
    funnelSteps: 'ステップ（順番に 2〜{{max}} 個のイベント）',
    funnelRun: 'ファネルを表示',
    funnelSummary: 'ファネルの各ステップのアカウント数。',
    accounts: 'アカウント数',
    step: 'ステップ',
    timelineTitle: 'アカウントのタイムライン',
    accountId: 'アカウント ID',
    show: '表示',
    timelineEmpty: 'このアカウントのイベントはありません。',
    time: '日時（{{zone}}）',
    detail: '詳細',
    message: 'メッセージ',
    more: 'さらに読み込む',
    snippetTitle: 'Web スニペット',
    snippetIntro:
      'サイトのすべてのページにこれを置き、Web アプリのキーを発行したときのシークレットを入れてください。訪問者がサインインしたら herald.identify(accountId) を、行動ごとに herald.track(name, properties) を呼び出します。Web アプリの許可オリジンからの呼び出しのみ受け付けます。',
    snippetApp: 'Web アプリ',
    noWebApps: 'キーのある有効な Web アプリがまだありません。アプリ画面でプラットフォーム「Web」のアプリを追加し、シークレットを発行してください。',
    copy: 'コピー',
    copied: 'スニペットをコピーしました。',
    copyFailed: 'スニペットをコピーできませんでした。選択して手動でコピーしてください。',
    secretPlaceholder: 'YOUR_WEB_APP_SECRET',
    analytics: {
      osOpens: '{{os}} 開封数（アプリ）',
      osOpenRate: '{{os}} 開封率',
      cta: 'CTA{{n}} タップ数',
      ctaRate: 'CTA{{n}} 率',
      scrollDepth: '{{depth}}% までスクロール',
      scrollRate: 'スクロール率（最後まで閲読）',
    },
    failed: '数値を読み込めませんでした。',
  },
};

export default insightsJa;
