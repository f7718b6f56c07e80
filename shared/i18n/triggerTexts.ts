/** The trigger step's field messages (spec 001 sections 3.4 and 5), by their English form. */
import type { LocalText } from './text';

const entry = (en: string, zh: string, ja: string): LocalText => ({ en, zh, ja });

export const TRIGGER_TEXTS = {
  maxDelay: entry('Setting exceeding maximum delay time!', '设置超过最大延迟时间！', '設定が最大遅延時間を超えています！'),
  dateChoice: entry('Please choose a valid date.', '请选择有效的日期。', '有効な日付を選んでください。'),
  hoursRequired: entry('Please choose at least one hour.', '请至少选择一个小时。', '少なくとも1つの時刻を選んでください。'),
  weekdaysRequired: entry('Please choose at least one weekday.', '请至少选择一个星期几。', '少なくとも1つの曜日を選んでください。'),
  monthDaysRequired: entry('Please choose at least one day of the month.', '请至少选择每月的一天。', '少なくとも1つの日にちを選んでください。'),
  noOccurrence: entry('The schedule has no time left to run.', '该日程已没有可执行的时间。', 'このスケジュールには実行できる時刻が残っていません。'),
  actionCode: entry('Please choose the action code!', '请选择行为代码！', 'アクションコードを選択してください！'),
  url: entry(
    'Please enter a web address starting with https:// or http://.',
    '请输入以 https:// 或 http:// 开头的网址。',
    'https:// または http:// で始まるWebアドレスを入力してください。',
  ),
  noWebhook: entry("Turn on the trigger's webhook and save it first.", '请先开启触发器的 Webhook 并保存。', '先にトリガーの Webhook をオンにして保存してください。'),
  templateDeleted: entry(
    "The message's template was deleted from the library: the call sends nothing while the system setting checks for deleted templates.",
    '该消息的模板已从模板库中删除：在系统设置检查已删除模板期间，此调用不会发送任何内容。',
    'このメッセージのテンプレートはライブラリから削除されました。システム設定で削除済みテンプレートを確認している間、この呼び出しでは何も送信しません。',
  ),
  noHook: entry('No such trigger webhook.', '没有这个触发器 Webhook。', 'そのトリガー Webhook はありません。'),
  hookToken: entry(
    'The webhook token does not match this trigger: send the token issued for it.',
    'Webhook 令牌与此触发器不符：请发送为它签发的令牌。',
    'Webhook トークンがこのトリガーと一致しません。発行されたトークンを送ってください。',
  ),
  hookTokenMissing: entry(
    'Send the trigger\'s webhook token as "Authorization: Bearer <token>".',
    '请以 "Authorization: Bearer <token>" 发送触发器的 Webhook 令牌。',
    'トリガーの Webhook トークンを "Authorization: Bearer <token>" で送ってください。',
  ),
  hookRate: entry(
    'More than {limit} calls a minute to this webhook. Try again in {wait} s.',
    '此 Webhook 每分钟调用超过 {limit} 次。请在 {wait} 秒后重试。',
    'この Webhook への呼び出しが 1 分間に {limit} 回を超えました。{wait} 秒後にもう一度お試しください。',
  ),
} as const;
