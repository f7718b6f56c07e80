/** Test mails and test sends of a draft: their limits, targets and refusals, and the reach text of "n of m can receive". */
import * as z from 'zod';
import { type CHANNELS, type ChannelsWith, channelsWith, type SendFailureReason } from '../delivery';
import { E164, LINE_USER_ID } from '../phone';
import { say } from '../i18n/say';

/** Only members or the kept test addresses, capped per rolling hour, each address counting one. */
export const TEST_MAIL_LIMITS = { perCall: 10, perMessagePerHour: 50, testAddresses: 100 } as const;

export const TEST_MAIL_MESSAGES = {
  en: {
    notAllowed: '{address} is neither a member of this organization nor one of its test addresses (System settings).',
    tooMany: 'A message gets at most {max} test mails an hour; {left} left now. Try again in {minutes} min.',
    noLanguage: 'The message has no content in {language}.',
  },
  zh: {
    notAllowed: '{address} 既不是本组织的成员，也不在本组织的测试地址（系统设置）中。',
    tooMany: '每条消息每小时最多发送 {max} 封测试邮件，当前还可发送 {left} 封。请在 {minutes} 分钟后重试。',
    noLanguage: '该消息没有 {language} 的内容。',
  },
  ja: {
    notAllowed: '{address} はこの組織のメンバーでも、テスト用アドレス（システム設定）でもありません。',
    tooMany: 'テストメールは 1 メッセージにつき 1 時間に {max} 通までです（残り {left} 通）。{minutes} 分後にお試しください。',
    noLanguage: 'このメッセージには {language} のコンテンツがありません。',
  },
} as const;

export const PLAN_CHANNEL_MESSAGES = {
  en: { notSendable: 'Messages cannot be sent on this channel yet.', otherChannel: 'The template is for another channel than the message.' },
  zh: { notSendable: '该渠道暂时还不能发送消息。', otherChannel: '该模板所属的渠道与消息的渠道不一致。' },
  ja: { notSendable: 'このチャネルではまだメッセージを送信できません。', otherChannel: 'テンプレートのチャネルがメッセージのチャネルと異なります。' },
} as const;

/** Test sends reach only the organization's own people and count against the same TEST_MAIL_LIMITS. */
export const TEST_SEND_CHANNELS = channelsWith('testSends');
export type TestSendChannel = ChannelsWith<'testSends'>;

export const TEST_SEND_MESSAGES = {
  en: {
    notAllowed: '{address} is not the address of an account of a member or of a test address (System settings) on this channel.',
    noTargets: say('request.noAccount', { id: 'of a member or of a test address can be reached on this channel: add the address to such an account first' }),
    otherChannel: 'The message is sent on another channel.',
    refused: 'The provider refused the test to {address}: {reason}.',
  },
  zh: {
    notAllowed: '{address} 不是本组织成员或测试地址（系统设置）所对应账户在此渠道上的地址。',
    noTargets: '本组织成员或测试地址对应的账户在此渠道上都无法送达：请先为这些账户添加地址。',
    otherChannel: '该消息通过其他渠道发送。',
    refused: '服务商拒绝了发往 {address} 的测试：{reason}。',
  },
  ja: {
    notAllowed: '{address} は、このチャネルでのメンバーまたはテスト用アドレス（システム設定）のアカウントの宛先ではありません。',
    noTargets: 'このチャネルで届けられるメンバーまたはテスト用アドレスのアカウントがありません。先にアカウントに宛先を追加してください。',
    otherChannel: 'このメッセージは別のチャネルで送信されます。',
    refused: 'プロバイダーが {address} へのテストを拒否しました：{reason}。',
  },
} as const;

export const testLanguage = z.string().trim().min(1).max(35).optional();
export const testSendTarget = z.discriminatedUnion('channel', [
  z.object({
    channel: z.literal('SMS'),
    // as people type numbers: national ones read with the default country; full-width digits as a Japanese keyboard gives them
    to: z
      .array(
        z
          .string()
          .trim()
          .max(40)
          .transform((v) => v.normalize('NFKC').replace(/[\s().-]/g, ''))
          .refine((v) => E164.test(v) || /^0\d{5,14}$/.test(v), say('phone.phone')),
      )
      .min(1)
      .max(TEST_MAIL_LIMITS.perCall),
  }),
  z.object({ channel: z.literal('PUSH_NATIVE'), to: z.array(z.string().trim().min(1).max(200)).min(1).max(TEST_MAIL_LIMITS.perCall).optional() }),
  z.object({
    channel: z.literal('LINE'),
    to: z
      .array(z.string().trim().regex(LINE_USER_ID, say('phone.lineUserId')))
      .min(1)
      .max(TEST_MAIL_LIMITS.perCall),
  }),
  z.object({ channel: z.literal('DIRECT_MAIL') }),
]);
export type TestSendTarget = z.infer<typeof testSendTarget>;

export const testTargetView = z.object({
  name: z.string(),
  /** a push token is never shown */
  to: z.string(),
  detail: z.string().optional(),
});

const REACH_WORDS = {
  en: {
    channel: { EMAIL: 'e-mail', SMS: 'SMS', PUSH_NATIVE: 'push notifications', LINE: 'LINE messages', DIRECT_MAIL: 'post' },
    head: (reachable: number, count: number, ch: string) => `${reachable} of ${count} can receive ${ch}`,
    noConsent: (n: number, ch: string) => `${n} have no ${ch} consent`,
    noAddress: (n: number, ch: string) => `${n} have no ${ch} address`,
    noPostal: (n: number) => `${n} have no complete postal address (an address line and a postcode)`,
    optedOut: (n: number, ch: string) => `${n} are on the ${ch} opt-out list`,
    other: (n: number, reason: string) => `${n} cannot be reached (${reason})`,
    sep: ', ',
  },
  zh: {
    channel: { EMAIL: '邮件', SMS: '短信', PUSH_NATIVE: '推送通知', LINE: 'LINE 消息', DIRECT_MAIL: '邮寄' },
    head: (reachable: number, count: number, ch: string) => `${count} 人中有 ${reachable} 人可以接收${ch}`,
    noConsent: (n: number, ch: string) => `${n} 人未同意接收${ch}`,
    noAddress: (n: number, ch: string) => `${n} 人没有${ch}地址`,
    noPostal: (n: number) => `${n} 人没有完整的邮寄地址（需要详细地址和邮政编码）`,
    optedOut: (n: number, ch: string) => `${n} 人在${ch}退订名单中`,
    other: (n: number, reason: string) => `${n} 人无法送达（${reason}）`,
    sep: '，',
  },
  ja: {
    channel: { EMAIL: 'メール', SMS: 'SMS', PUSH_NATIVE: 'プッシュ通知', LINE: 'LINE メッセージ', DIRECT_MAIL: '郵送' },
    head: (reachable: number, count: number, ch: string) => `${count} 人中 ${reachable} 人が${ch}を受信できます`,
    noConsent: (n: number, ch: string) => `${n} 人は${ch}の受信に同意していません`,
    noAddress: (n: number, ch: string) => `${n} 人は${ch}の宛先がありません`,
    noPostal: (n: number) => `${n} 人は郵送先の住所が不完全です（番地と郵便番号が必要です）`,
    optedOut: (n: number, ch: string) => `${n} 人は${ch}の配信停止リストにあります`,
    other: (n: number, reason: string) => `${n} 人には届きません（${reason}）`,
    sep: '、',
  },
} as const;

export function reachText(
  lang: 'en' | 'zh' | 'ja',
  reach: { channel: (typeof CHANNELS)[number]; reachable: number; unreachable: Partial<Record<SendFailureReason, number>> },
  count: number,
): string {
  const w = REACH_WORDS[lang];
  const ch = w.channel[reach.channel];
  const parts = (Object.entries(reach.unreachable) as [SendFailureReason, number][])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => {
      if (reason === 'USER_SETTINGS_BLOCK') return w.noConsent(n, ch);
      if (reason === 'USER_NOT_MATCHED' && reach.channel === 'DIRECT_MAIL') return w.noPostal(n);
      if (reason === 'USER_NOT_MATCHED' || reason === 'APP_UNINSTALLED') return w.noAddress(n, ch);
      if (reason === 'UNSUBSCRIBED' || reason === 'BOUNCE' || reason === 'COMPLAINT') return w.optedOut(n, ch);
      return w.other(n, reason);
    });
  const head = w.head(reach.reachable, count, ch);
  return parts.length ? `${head}${lang === 'en' ? ': ' : '：'}${parts.join(w.sep)}` : head;
}
