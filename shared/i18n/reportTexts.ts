/** The texts of the documents Herald writes for people (the Word report), in the reader's language. */
import type { LocalText } from './text';

const entry = (en: string, zh: string, ja: string): LocalText => ({ en, zh, ja });

export const REPORT_TEXTS = {
  planReportTitle: entry('Message report', '消息报告', 'メッセージレポート'),
  organization: entry('Organization: {name}', '组织：{name}', '組織：{name}'),
  /** `zone`: the organization's zone, whose days the period's are (Asia/Shanghai, UTC) */
  range: entry('Period ({zone}): {start} to {end}', '期间（{zone}）：{start} 至 {end}', '期間（{zone}）：{start} ～ {end}'),
  /** `at` names its zone */
  madeAt: entry('Made at {at}', '生成于 {at}', '作成日時 {at}'),
  /** a CSV column of the report's days, named with the organization's zone */
  period: entry('Period ({zone})', '期间（{zone}）', '期間（{zone}）'),
  chartCaption: entry(
    'Sent, opens and clicks per message (left to right as in the table below).',
    '每条消息的发送数、打开数和点击数（从左到右与下表顺序相同）。',
    'メッセージごとの送信数・開封数・クリック数（左から右へ、下の表と同じ順）。',
  ),
  chartAlt: entry('Bar chart of sent, opens and clicks per message', '每条消息的发送数、打开数和点击数柱状图', 'メッセージごとの送信数・開封数・クリック数の棒グラフ'),
  legend: entry('Dark blue: sent. Green: opens. Orange: clicks.', '深蓝：发送。绿色：打开。橙色：点击。', '紺：送信。緑：開封。オレンジ：クリック。'),
  message: entry('Message', '消息', 'メッセージ'),
  group: entry('Group', '分组', 'グループ'),
  channel: entry('Channel', '渠道', 'チャネル'),
  messageType: entry('Message type', '消息类型', 'メッセージの種類'),
  total: entry('Total', '合计', '合計'),
  sent: entry('Sent', '已发送', '送信数'),
  successRate: entry('Success rate', '成功率', '成功率'),
  failed: entry('Failures', '失败', '失敗'),
  opens: entry('Opens', '打开数', '開封数'),
  openRate: entry('Open rate', '打开率', '開封率'),
  clicks: entry('Clicks', '点击数', 'クリック数'),
  ctr: entry('CTR', '点击率', 'クリック率'),
  unsubscribes: entry('Unsubscribes', '退订数', '配信停止数'),
  bounces: entry('Hard bounces', '硬退信数', 'ハードバウンス数'),
  matched: entry('Audience', '受众', '配信対象'),
  skipped: entry('Skipped', '已跳过', 'スキップ'),
  complaints: entry('Complaints', '投诉数', '苦情数'),
  likes: entry('Likes', '赞', 'いいね'),
  dislikes: entry('Dislikes', '踩', 'よくないね'),
  answers: entry('Answers', '回答数', '回答数'),
  likeRate: entry('Like rate', '点赞率', 'いいね率'),
  summaryTitle: entry('Summary report', '汇总报告', 'サマリーレポート'),
  EMAIL: entry('Email', '邮件', 'メール'),
  // the channels as the portal names them (web/src/i18n/areas/campaign.*.ts `campaign.channel`; a test holds them equal)
  SMS: entry('SMS', '短信', 'SMS'),
  PUSH_NATIVE: entry('Push', '推送', 'プッシュ'),
  LINE: entry('LINE', 'LINE', 'LINE'),
  DIRECT_MAIL: entry('Direct mail', '直邮', 'ダイレクトメール'),
} as const;

/** The mail that brings a monthly report to its recipients. */
export const MONTHLY_REPORT_MAIL_TEXTS = {
  subject: entry('Herald monthly report for {month}', 'Herald {month} 月度报告', 'Herald {month} の月次レポート'),
  body: entry(
    'The report of {organization} for {month} is ready: {messages} messages, {sent} sent, {opens} opens and {clicks} clicks.',
    '{organization} 的 {month} 报告已生成：{messages} 条消息，发送 {sent}，打开 {opens}，点击 {clicks}。',
    '{organization} の {month} のレポートができました：メッセージ {messages} 件、送信 {sent}、開封 {opens}、クリック {clicks}。',
  ),
  open: entry('Download it as a Word file here: {url}', '在此下载 Word 文件：{url}', 'Word ファイルはこちらからダウンロードできます：{url}'),
} as const;
