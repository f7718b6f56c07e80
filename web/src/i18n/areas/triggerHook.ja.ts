/** 受信者アクショントリガーの Webhook と URL のソース（日本語）。 */
const triggerHookJa = {
  triggerHook: {
    webhook: 'Webhook',
    webhookHint: '自社のバックエンドからもアクションを通知できます。トークンとアカウントのキーを付けて、このトリガーのエンドポイントを呼び出します。',
    url: '訪問された Web アドレス（任意）',
    urlHint: 'いずれかのメッセージ内で、このアドレスへのトラッキング付きリンクを受信者がクリックしても、アクションとして扱われます。',
    saveFirst: 'Webhook トークンを発行するには、下書きを保存してください。',
    issue: 'Webhook トークンを発行',
    confirmTitle: '新しい Webhook トークンを発行しますか？',
    confirmText: '新しいトークンを発行すると、以前のトークンはただちに無効になり、古いトークンを送る呼び出しは拒否されます。',
    confirmAccept: 'トークンを発行',
    issuedTitle: 'Webhook トークン',
    endpoint: 'エンドポイント',
    token: 'トークン',
    onceNote: '今すぐトークンをコピーし、バックエンドのシークレットに保管してください。再表示はされません。',
    example: '呼び出し例',
    exampleNote: 'アカウントのキーを accountId として送ります。任意の eventId を付けると、再試行した呼び出しは 1 回と数えられます。',
    copy: 'コピー',
    copyWhat: '{{what}}をコピー',
    copied: 'コピーしました',
    summaryWebhook: '、または Webhook の呼び出し',
    summaryUrl: '、または {{url}} へのアクセス',
  },
};
export default triggerHookJa;
