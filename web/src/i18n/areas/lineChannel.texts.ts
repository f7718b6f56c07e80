/** The LINE channel settings' texts, English, Chinese and Japanese side by side. */
import { type SideBySide, t } from '../sideBySide';

const lineChannelTexts = {
  lineChannel: {
    title: t('LINE', 'LINE', 'LINE'),
    text: t(
      'The LINE Official Account your LINE messages are sent from: the Messaging API channel of the LINE Developers console.',
      '发送 LINE 消息所用的 LINE 官方账号：LINE Developers 控制台中的 Messaging API 渠道。',
      'LINE メッセージの送信元となる LINE 公式アカウント（LINE Developers コンソールの Messaging API チャネル）です。',
    ),
    channelId: t('Channel ID', '渠道 ID', 'チャネル ID'),
    channelIdInvalid: t(
      'The channel ID is the number shown in the LINE Developers console.',
      '渠道 ID 是 LINE Developers 控制台中显示的数字。',
      'チャネル ID は LINE Developers コンソールに表示される数字です。',
    ),
    accessToken: t('Channel access token', '渠道访问令牌', 'チャネルアクセストークン'),
    accessTokenInvalid: t(
      'This is not a channel access token LINE issues: copy it whole from the LINE Developers console.',
      '这不是 LINE 签发的渠道访问令牌：请从 LINE Developers 控制台完整复制。',
      'LINE が発行するチャネルアクセストークンではありません。LINE Developers コンソールからそのままコピーしてください。',
    ),
    channelSecret: t('Channel secret', '渠道密钥', 'チャネルシークレット'),
    channelSecretInvalid: t(
      'The channel secret is 32 characters, 0-9 and a-f.',
      '渠道密钥为 32 个字符，由 0-9 和 a-f 组成。',
      'チャネルシークレットは 0-9 と a-f からなる 32 文字です。',
    ),
    isSet: t(
      'Saved. It is never shown again; enter a new one to replace it.',
      '已保存。此后不再显示；输入新的值即可替换。',
      '保存済みです。今後は表示されません。置き換えるには新しい値を入力してください。',
    ),
    notSet: t('Not set yet.', '尚未设置。', 'まだ設定されていません。'),
    keepPlaceholder: t('Leave empty to keep the saved one', '留空则保留已保存的值', '空欄のままにすると保存済みの値を使います'),
    saved: t('The LINE channel was saved.', 'LINE 渠道已保存。', 'LINE チャネルを保存しました。'),
    remove: t('Remove LINE channel', '移除 LINE 渠道', 'LINE チャネルを削除'),
    removed: t(
      'The LINE channel was removed. LINE messages fail until a token is saved again.',
      'LINE 渠道已移除。在重新保存令牌之前，LINE 消息将发送失败。',
      'LINE チャネルを削除しました。トークンを再度保存するまで LINE メッセージは送信に失敗します。',
    ),
    loadFailed: t('The LINE channel could not be loaded.', '无法加载 LINE 渠道。', 'LINE チャネルを読み込めませんでした。'),
  },
} satisfies SideBySide;

export default lineChannelTexts;
