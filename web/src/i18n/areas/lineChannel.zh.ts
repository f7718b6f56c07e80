/** The LINE channel settings' texts in Chinese. */
const lineChannelZh = {
  lineChannel: {
    title: 'LINE',
    text: '发送 LINE 消息所用的 LINE 官方账号：LINE Developers 控制台中的 Messaging API 渠道。',
    channelId: '渠道 ID',
    channelIdInvalid: '渠道 ID 是 LINE Developers 控制台中显示的数字。',
    accessToken: '渠道访问令牌',
    accessTokenInvalid: '这不是 LINE 签发的渠道访问令牌：请从 LINE Developers 控制台完整复制。',
    channelSecret: '渠道密钥',
    channelSecretInvalid: '渠道密钥为 32 个字符，由 0-9 和 a-f 组成。',
    isSet: '已保存。此后不再显示；输入新的值即可替换。',
    notSet: '尚未设置。',
    keepPlaceholder: '留空则保留已保存的值',
    saved: 'LINE 渠道已保存。',
    remove: '移除 LINE 渠道',
    removed: 'LINE 渠道已移除。在重新保存令牌之前，LINE 消息将发送失败。',
    loadFailed: '无法加载 LINE 渠道。',
  },
};
export default lineChannelZh;
