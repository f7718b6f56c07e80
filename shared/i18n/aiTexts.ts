/** The AI composer's and the translation sync's server texts. */
import type { LocalText } from './text';

const entry = (en: string, zh: string, ja: string): LocalText => ({ en, zh, ja });

export const AI_TEXTS = {
  unreadable: entry(
    'The AI answered in a form the composer cannot read. Please try again.',
    'AI 的回答格式无法读取，请重试。',
    'AI の回答を読み取れませんでした。もう一度お試しください。',
  ),
  dailyLimit: entry(
    "Today's {limit} AI generations are used up; more are possible from tomorrow (UTC).",
    '今天的 {limit} 次 AI 生成已用完，明天（UTC）起可以继续。',
    '本日の AI 生成 {limit} 回を使い切りました。明日（UTC）からまた使えます。',
  ),
  notPushed: entry('The template has not been pushed to the translation system.', '该模板尚未推送到翻译系统。', 'このテンプレートはまだ翻訳システムに送信されていません。'),
  notReady: entry('The translations are not ready yet.', '翻译尚未完成。', '翻訳はまだ完了していません。'),
} as const;
