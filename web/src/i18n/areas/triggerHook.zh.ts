/** 用户行为触发器的 Webhook 与网址来源（简体中文）。 */
const triggerHookZh = {
  triggerHook: {
    webhook: 'Webhook',
    webhookHint: '你们自己的后端也可以报告该行为：用令牌和账户的键调用此触发器的端点。',
    url: '访问的网址（可选）',
    urlHint: '收件人在任意消息中点击指向此网址的跟踪链接，也算作该行为。',
    saveFirst: '保存草稿后即可签发 Webhook 令牌。',
    issue: '签发 Webhook 令牌',
    confirmTitle: '签发新的 Webhook 令牌？',
    confirmText: '新令牌会立即使之前签发的令牌失效：仍发送旧令牌的调用将被拒绝。',
    confirmAccept: '签发令牌',
    issuedTitle: 'Webhook 令牌',
    endpoint: '端点',
    token: '令牌',
    onceNote: '请立即复制令牌并保存在后端的机密中。它不会再次显示。',
    example: '调用示例',
    exampleNote: '将账户的键作为 accountId 发送；可选的 eventId 使重试的调用只计一次。',
    copy: '复制',
    copyWhat: '复制{{what}}',
    copied: '已复制',
    summaryWebhook: '，或调用其 Webhook',
    summaryUrl: '，或访问 {{url}}',
  },
};
export default triggerHookZh;
