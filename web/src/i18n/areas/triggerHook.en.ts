/** A recipient-action trigger's webhook and URL sources, in English. */
const triggerHookEn = {
  triggerHook: {
    webhook: 'Webhook',
    webhookHint: "Your own back end can also report the action: it calls this trigger's endpoint with its token and the account's key.",
    url: 'Web address visited (optional)',
    urlHint: "A recipient's tracked click on a link to this address, in any message, also counts as the action.",
    saveFirst: 'Save the draft to issue the webhook token.',
    issue: 'Issue webhook token',
    confirmTitle: 'Issue a new webhook token?',
    confirmText: 'A new token stops the one issued before at once: calls that still send the old token are refused.',
    confirmAccept: 'Issue token',
    issuedTitle: 'Webhook token',
    endpoint: 'Endpoint',
    token: 'Token',
    onceNote: "Copy the token now and keep it in your back end's secrets. It is not shown again.",
    example: 'Example call',
    exampleNote: 'Send the account key as accountId; an optional eventId makes a retried call count once.',
    copy: 'Copy',
    copyWhat: 'Copy the {{what}}',
    copied: 'Copied',
    summaryWebhook: ', or a call of its webhook',
    summaryUrl: ', or a visit of {{url}}',
  },
};
export default triggerHookEn;
