/** A recipient-action trigger's webhook and URL sources,, English, Chinese and Japanese side by side. */
import { type SideBySide, t } from '../sideBySide';

const triggerHookTexts = {
  triggerHook: {
    webhook: t('Webhook', 'Webhook', 'Webhook'),
    webhookHint: t(
      "Your own back end can also report the action: it calls this trigger's endpoint with its token and the account's key.",
      '你们自己的后端也可以报告该行为：用令牌和账户的键调用此触发器的端点。',
      '自社のバックエンドからもアクションを通知できます。トークンとアカウントのキーを付けて、このトリガーのエンドポイントを呼び出します。',
    ),
    url: t('Web address visited (optional)', '访问的网址（可选）', '訪問された Web アドレス（任意）'),
    urlHint: t(
      "A recipient's tracked click on a link to this address, in any message, also counts as the action.",
      '收件人在任意消息中点击指向此网址的跟踪链接，也算作该行为。',
      'いずれかのメッセージ内で、このアドレスへのトラッキング付きリンクを受信者がクリックしても、アクションとして扱われます。',
    ),
    saveFirst: t('Save the draft to issue the webhook token.', '保存草稿后即可签发 Webhook 令牌。', 'Webhook トークンを発行するには、下書きを保存してください。'),
    issue: t('Issue webhook token', '签发 Webhook 令牌', 'Webhook トークンを発行'),
    confirmTitle: t('Issue a new webhook token?', '签发新的 Webhook 令牌？', '新しい Webhook トークンを発行しますか？'),
    confirmText: t(
      'A new token stops the one issued before at once: calls that still send the old token are refused.',
      '新令牌会立即使之前签发的令牌失效：仍发送旧令牌的调用将被拒绝。',
      '新しいトークンを発行すると、以前のトークンはただちに無効になり、古いトークンを送る呼び出しは拒否されます。',
    ),
    confirmAccept: t('Issue token', '签发令牌', 'トークンを発行'),
    issuedTitle: t('Webhook token', 'Webhook 令牌', 'Webhook トークン'),
    endpoint: t('Endpoint', '端点', 'エンドポイント'),
    token: t('Token', '令牌', 'トークン'),
    onceNote: t(
      "Copy the token now and keep it in your back end's secrets. It is not shown again.",
      '请立即复制令牌并保存在后端的机密中。它不会再次显示。',
      '今すぐトークンをコピーし、バックエンドのシークレットに保管してください。再表示はされません。',
    ),
    example: t('Example call', '调用示例', '呼び出し例'),
    exampleNote: t(
      'Send the account key as accountId; an optional eventId makes a retried call count once.',
      '将账户的键作为 accountId 发送；可选的 eventId 使重试的调用只计一次。',
      'アカウントのキーを accountId として送ります。任意の eventId を付けると、再試行した呼び出しは 1 回と数えられます。',
    ),
    copy: t('Copy', '复制', 'コピー'),
    copyWhat: t('Copy the {{what}}', '复制{{what}}', '{{what}}をコピー'),
    copied: t('Copied', '已复制', 'コピーしました'),
    summaryWebhook: t(', or a call of its webhook', '，或调用其 Webhook', '、または Webhook の呼び出し'),
    summaryUrl: t(', or a visit of {{url}}', '，或访问 {{url}}', '、または {{url}} へのアクセス'),
  },
} satisfies SideBySide;

export default triggerHookTexts;
