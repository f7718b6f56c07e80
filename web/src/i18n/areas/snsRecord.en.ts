/** The SNS records' texts in English (the two-way SMS the organization received). */
const snsRecordEn = {
  snsRecord: {
    intro:
      'The SMS replies the organization received: through End User Messaging SMS (SNS) from a number it has texted, and through its Twilio numbers. An opt-out reply lists the number as unsubscribed.',
    receivedAt: 'Received',
    fromNumber: 'From',
    toNumber: 'To',
    keyword: 'Keyword',
    body: 'Message',
    source: 'Received through',
    optOut: 'Opt-out',
    providerMessageId: 'Provider message id',
    searchNumber: 'Search by number',
    searchBody: 'Search the messages',
    empty: 'No reply was received yet.',
    details: 'Details',
    detailOf: 'Details of the message from {{number}}',
    option: { source: { SNS: 'SNS (End User Messaging SMS)', TWILIO: 'Twilio' } },
  },
};
export default snsRecordEn;
