/** The phone and LINE id checks' texts (shared/phone.ts). */
import type { Lang } from './lang';

export const PHONE_TEXTS = {
  phone: {
    en: 'Please enter a phone number with its country code, such as +81 90 1234 5678.',
    zh: '请输入带国家代码的电话号码，例如 +86 138 0013 8000。',
    ja: '国番号付きの電話番号を入力してください（例：+81 90 1234 5678）。',
  },
  phoneTwice: {
    en: 'The same phone number is listed twice.',
    zh: '同一个电话号码出现了两次。',
    ja: '同じ電話番号が2回指定されています。',
  },
  lineUserId: {
    en: 'A LINE user id is U followed by 32 hexadecimal digits.',
    zh: 'LINE 用户 ID 由 U 和 32 位十六进制数字组成。',
    ja: 'LINE ユーザー ID は U と 32 桁の16進数です。',
  },
} as const satisfies Record<string, Record<Lang, string>>;
