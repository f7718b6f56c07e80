/** The LINE channel's server texts (shared/services/lineChannel.ts): settings refused, by their English form. */
import type { LocalText } from './text';

const t = (en: string, zh: string, ja: string): LocalText => ({ en, zh, ja });

export const LINE_TEXTS = {
  channelId: t(
    'The channel ID is the number shown in the LINE Developers console.',
    '渠道 ID 是 LINE Developers 控制台中显示的数字。',
    'チャネル ID は LINE Developers コンソールに表示される数字です。',
  ),
  accessToken: t(
    'The channel access token is not one LINE issues: copy it whole from the LINE Developers console.',
    '该渠道访问令牌不是 LINE 签发的格式：请从 LINE Developers 控制台完整复制。',
    'このチャネルアクセストークンは LINE が発行する形式ではありません。LINE Developers コンソールからそのままコピーしてください。',
  ),
  channelSecret: t('The channel secret is 32 characters, 0-9 and a-f.', '渠道密钥为 32 个字符，由 0-9 和 a-f 组成。', 'チャネルシークレットは 0-9 と a-f からなる 32 文字です。'),
  noToken: t(
    'The organization has no LINE channel access token: save one on the channel settings screen.',
    '该组织尚未设置 LINE 渠道访问令牌：请在渠道设置页面保存。',
    'この組織には LINE のチャネルアクセストークンがありません。チャネル設定画面で保存してください。',
  ),
  planWithoutChannel: t(
    'A LINE message needs the organization’s LINE channel: save its channel access token on the LINE channel settings screen first.',
    'LINE 消息需要本组织的 LINE 渠道：请先在 LINE 渠道设置页面保存渠道访问令牌。',
    'LINE メッセージには組織の LINE チャネルが必要です。先に LINE チャネル設定画面でチャネルアクセストークンを保存してください。',
  ),
} as const;
