/** The message console (spec 000 /library/message-console): like Pinpoint's and Braze's logs, lists read runs and counters, never sends. */
import * as z from 'zod';
import { CHANNELS, SEND_FAILURE_REASONS, type SendFailureReason, SENT_STATES, type SentState } from '../delivery';
import { cloudSourceRecordSchema } from '../entities/cloudSource';
import type { Lang } from '../errors';
import type { LocalText } from '../i18n/text';
import { idString } from '../entities/entity';
import { operation } from './operation';
import { cloudSourceHistoryView } from './cloudSource';
import { say } from '../i18n/say';

const ACCESS = 'NAV_MESSAGE_CONSOLE' as const;
const cursor = z.string().max(2000).optional();
const size = z.number().int().min(1).max(100).default(20);
const downloadLink = z.object({ url: z.string(), fileName: z.string(), expiresAt: z.number().int(), rows: z.number().int() });

export const consoleRunRow = z.object({
  planId: z.string(),
  runId: z.string(),
  planName: z.string(),
  channel: z.enum(CHANNELS),
  status: z.enum(['RUNNING', 'DONE', 'STOPPED']),
  startedAt: z.number(),
  finishedAt: z.number().optional(),
  matched: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  uncertain: z.number().int(),
});
export type ConsoleRunRow = z.infer<typeof consoleRunRow>;

export const consoleSendRow = z.object({
  planId: z.string(),
  runId: z.string(),
  planName: z.string().optional(),
  accountId: z.string(),
  channel: z.enum(CHANNELS),
  address: z.string(),
  status: z.enum(SENT_STATES),
  reason: z.enum(Object.keys(SEND_FAILURE_REASONS) as [SendFailureReason]).optional(),
  reasonText: z.string().optional(),
  detail: z.string().optional(),
  providerId: z.string().optional(),
  claimedAt: z.number(),
  doneAt: z.number().optional(),
});
export type ConsoleSendRow = z.infer<typeof consoleSendRow>;

/** missing or empty is the spec's export text, not a bare "too short" */
export const selectedMessageId = z
  .string({ error: say('form.reportMessagesMin') })
  .min(1, say('form.reportMessagesMin'))
  .max(64);

export const messageServices = {
  getListByPage: operation({
    access: ACCESS,
    payload: z.object({ channel: z.enum(CHANNELS).optional(), planName: z.string().trim().max(200).optional(), cursor, size }),
    response: z.object({ list: z.array(consoleRunRow), cursor: z.string().optional() }),
  }),
  detail: operation({
    access: ACCESS,
    payload: z.union([
      z.object({ planId: idString, runId: z.string().min(1).max(64), status: z.enum(SENT_STATES).optional(), cursor, size }),
      z.object({ address: z.string().trim().min(1).max(320), cursor, size }),
    ]),
    response: z.object({ list: z.array(consoleSendRow), cursor: z.string().optional() }),
  }),
  export: operation({
    access: ACCESS,
    payload: z.object({ planId: selectedMessageId, runId: z.string().min(1).max(64), status: z.enum(SENT_STATES).optional() }),
    response: downloadLink,
  }),
} as const;

export const consoleCloudRow = cloudSourceHistoryView.extend({ sourceTitle: z.string() });
export type ConsoleCloudRow = z.infer<typeof consoleCloudRow>;

const deliveryRef = z.object({ sourceId: idString, id: z.string().min(1).max(64) });

export const consoleCloudServices = {
  getListByPage: operation({
    access: ACCESS,
    payload: z.object({ sourceId: idString.optional(), status: z.string().max(20).optional(), cursor, size }),
    response: z.object({ list: z.array(consoleCloudRow), cursor: z.string().optional() }),
  }),
  detail: operation({
    access: ACCESS,
    payload: deliveryRef.extend({ afterRow: z.number().int().min(0).default(0), size: z.number().int().min(1).max(500).default(50) }),
    response: z.object({ delivery: consoleCloudRow, list: z.array(cloudSourceRecordSchema.omit({ recordKey: true })), nextRow: z.number().int().optional() }),
  }),
  export: operation({ access: ACCESS, payload: deliveryRef, response: downloadLink }),
} as const;

const entry = (en: string, zh: string, ja: string): LocalText => ({ en, zh, ja });

export const MESSAGE_CONSOLE_TEXTS = {
  runMissing: entry('The run does not exist.', '该发送批次不存在。', 'その配信回は存在しません。'),
  exportTooLarge: entry(
    'The run holds more than {cap} sends: export one status at a time.',
    '该批次的发送记录超过 {cap} 条：请按状态分别导出。',
    'この配信回の送信記録は {cap} 件を超えています。ステータスごとにエクスポートしてください。',
  ),
  noData: entry(say('form.exportNoData'), '没有可导出的数据！', 'エクスポートするデータがありません！'),
} as const;

export const CONSOLE_CSV_HEADINGS: Record<Lang, readonly string[]> = {
  en: ['Account', 'Channel', 'Address', 'Status', 'Reason', 'Reason text', 'Provider detail', 'Provider id', 'Claimed (UTC)', 'Done (UTC)'],
  zh: ['账户', '渠道', '地址', '状态', '原因', '原因说明', '服务商详情', '服务商 ID', '领取时间 (UTC)', '完成时间 (UTC)'],
  ja: ['アカウント', 'チャネル', '宛先', 'ステータス', '理由', '理由の説明', 'プロバイダーの詳細', 'プロバイダー ID', '処理開始 (UTC)', '完了 (UTC)'],
};

export const SENT_STATE_TEXTS: Record<SentState, LocalText> = {
  CLAIMED: entry('Sending', '发送中', '送信中'),
  SENT: entry('Sent', '已发送', '送信済み'),
  FAILED: entry('Failed', '失败', '失敗'),
  SKIPPED: entry('Skipped', '已跳过', 'スキップ'),
  UNCERTAIN: entry('Uncertain', '不确定', '不確定'),
};

/** spec 001 section 8 */
export const SEND_REASON_TEXTS: Record<SendFailureReason, LocalText> = {
  LOGGED_OUT: entry('Logged out', '已退出登录', 'ログアウト済み'),
  APP_UNINSTALLED: entry('App uninstalled', '应用已卸载', 'アプリがアンインストール済み'),
  USER_SETTINGS_BLOCK: entry('Blocked by the recipient settings (no consent)', '被收件人设置阻止（未同意）', '受信者の設定でブロック（同意なし）'),
  STALE_PUSH_TOKEN: entry('Stale push token', '推送令牌失效', 'プッシュトークンが無効'),
  USER_NOT_FOUND: entry('User not found', '用户不存在', 'ユーザーが見つかりません'),
  USER_NOT_MATCHED: entry('User not matched', '用户不匹配', 'ユーザーが一致しません'),
  APP_VERSION_TOO_LOW: entry('App version too low', '应用版本过低', 'アプリのバージョンが古い'),
  INBOX_DISABLED: entry('Inbox disabled', '收件箱已关闭', '受信箱が無効'),
  UNSUBSCRIBED: entry('Unsubscribed', '已退订', '配信停止済み'),
  CHANNEL_LIMIT_REACHED: entry('Channel send limit reached', '渠道发送已达上限', 'チャネルの送信上限に到達'),
  PER_USER_LIMIT_REACHED: entry('Per-user limit reached', '单用户已达上限', 'ユーザーごとの上限に到達'),
  BOUNCE: entry('Bounce', '退信', 'バウンス'),
  COMPLAINT: entry('Complaint', '投诉', '苦情'),
  UNEXPECTED: entry('Unexpected', '意外错误', '予期しないエラー'),
};
