/** The message type's words (spec 001 3.1, spec 000 section 6: each type is a permission of its own). */
import type { LocalText } from './text';

const entry = (en: string, zh: string, ja: string): LocalText => ({ en, zh, ja });

export const MESSAGE_TYPE_TEXTS = {
  choose: entry('Please choose the message type!', '请选择消息类型！', 'メッセージの種類を選択してください！'),
  denied: entry('Your role may not work on {type} messages.', '您的角色无权处理{type}消息。', 'あなたのロールでは{type}メッセージを扱えません。'),
  // the types' names, filled into the texts above and into reports
  adHoc: entry('Ad-Hoc', '临时', 'アドホック'),
  lifecycle: entry('Lifecycle', '生命周期', 'ライフサイクル'),
};

/** Each message type's name, by the key of its entry above. */
export const MESSAGE_TYPE_KEYS = { 1: 'adHoc', 2: 'lifecycle' } as const satisfies Record<1 | 2, keyof typeof MESSAGE_TYPE_TEXTS>;
