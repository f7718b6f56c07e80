/** The pages a recipient opens from a message (functions/tracking), in the browser's language. */
import type { LocalText } from './text';

const entry = (en: string, zh: string, ja: string): LocalText => ({ en, zh, ja });

export const PAGE_TEXTS = {
  thanksTitle: entry('Thank you for your feedback', '感谢您的反馈', 'ご意見ありがとうございました'),
  thanksBody: entry('Your answer helps us send messages you want.', '您的回答能帮助我们发送您想要的消息。', 'いただいた回答は、より良いメッセージをお届けするために役立てます。'),
  unavailableTitle: entry('This link is no longer available', '此链接已不可用', 'このリンクは利用できません'),
  unavailableBody: entry(
    "Please visit the sender's website directly, or use a link in the message you received.",
    '请直接访问发件人的网站，或使用您收到的消息中的链接。',
    '送信元のウェブサイトに直接アクセスするか、受け取ったメッセージ内のリンクをご利用ください。',
  ),
  invalidTitle: entry('This link is not valid', '此链接无效', 'このリンクは無効です'),
  invalidBody: entry(
    'The link may have been changed or cut short. Please use the link in the message you received.',
    '该链接可能已被修改或截断。请使用您收到的消息中的链接。',
    'リンクが変更されたか、途中で切れている可能性があります。受け取ったメッセージ内のリンクをご利用ください。',
  ),
  invalidFeedbackBody: entry('The link may have been changed or cut short.', '该链接可能已被修改或截断。', 'リンクが変更されたか、途中で切れている可能性があります。'),
  unsubscribeTitle: entry('Unsubscribe', '退订', '配信停止'),
  unsubscribeQuestion: entry('Stop receiving these messages at this address?', '不再在此地址接收这些消息？', 'このアドレスでのこれらのメッセージの受信を停止しますか？'),
  unsubscribeButton: entry('Unsubscribe', '退订', '配信を停止する'),
  unsubscribedTitle: entry('You are unsubscribed', '您已退订', '配信を停止しました'),
  unsubscribedBody: entry('You will no longer receive these messages at this address.', '此地址将不再收到这些消息。', 'このアドレスには今後これらのメッセージは届きません。'),
  notAllowedTitle: entry('Not allowed', '不允许', '許可されていません'),
} as const;
