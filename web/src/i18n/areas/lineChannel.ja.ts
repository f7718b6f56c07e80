/** The LINE channel settings' texts in Japanese. */
const lineChannelJa = {
  lineChannel: {
    title: 'LINE',
    text: 'LINE メッセージの送信元となる LINE 公式アカウント（LINE Developers コンソールの Messaging API チャネル）です。',
    channelId: 'チャネル ID',
    channelIdInvalid: 'チャネル ID は LINE Developers コンソールに表示される数字です。',
    accessToken: 'チャネルアクセストークン',
    accessTokenInvalid: 'LINE が発行するチャネルアクセストークンではありません。LINE Developers コンソールからそのままコピーしてください。',
    channelSecret: 'チャネルシークレット',
    channelSecretInvalid: 'チャネルシークレットは 0-9 と a-f からなる 32 文字です。',
    isSet: '保存済みです。今後は表示されません。置き換えるには新しい値を入力してください。',
    notSet: 'まだ設定されていません。',
    keepPlaceholder: '空欄のままにすると保存済みの値を使います',
    saved: 'LINE チャネルを保存しました。',
    remove: 'LINE チャネルを削除',
    removed: 'LINE チャネルを削除しました。トークンを再度保存するまで LINE メッセージは送信に失敗します。',
    loadFailed: 'LINE チャネルを読み込めませんでした。',
  },
};
export default lineChannelJa;
