/**
 * Why Herald did not make (or finish) a call to an address an organization gave: a provider, a partner's server,
 * a translation system. Every refusal answers 400016 with one of these as its detail.
 */
import type { LocalText } from './text';

const t = (en: string, zh: string, ja: string): LocalText => ({ en, zh, ja });

export const OUTBOUND_TEXTS = {
  addressRefused: t(
    'The host is not a public internet address, so Herald does not connect to it.',
    '该主机不是公网地址，因此 Herald 不会连接它。',
    'ホストがインターネット上の公開アドレスではないため、Herald は接続しません。',
  ),
  httpsOnly: t('The address must start with https://.', '地址必须以 https:// 开头。', 'アドレスは https:// で始まる必要があります。'),
  badUrl: t('The address is not a valid web address.', '该地址不是有效的网址。', 'アドレスが有効な Web アドレスではありません。'),
  redirectElsewhere: t(
    'The server redirected to another host or redirected too often, so Herald did not follow.',
    '服务器重定向到了其他主机或重定向次数过多，因此 Herald 没有跟随。',
    'サーバーが別のホストへ、または何度もリダイレクトしたため、Herald は従いませんでした。',
  ),
  tooLarge: t(
    'The server answered more than {limit} bytes, so Herald stopped reading.',
    '服务器返回的内容超过 {limit} 字节，因此 Herald 停止了读取。',
    'サーバーの応答が {limit} バイトを超えたため、Herald は読み込みを止めました。',
  ),
} as const;
