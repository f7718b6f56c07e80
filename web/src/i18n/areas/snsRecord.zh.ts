/** SNS 记录的文本（中文）：组织收到的双向短信。 */
const snsRecordZh = {
  snsRecord: {
    intro: '组织收到的短信回复：通过 End User Messaging SMS（SNS）来自组织发送过短信的号码，以及通过组织的 Twilio 号码。退订回复会将该号码列为已退订。',
    receivedAt: '接收时间',
    fromNumber: '发送方',
    toNumber: '接收方',
    keyword: '关键词',
    body: '消息',
    source: '接收渠道',
    optOut: '退订',
    providerMessageId: '服务商消息 ID',
    searchNumber: '按号码搜索',
    searchBody: '搜索消息内容',
    empty: '尚未收到任何回复。',
    details: '详情',
    detailOf: '来自 {{number}} 的消息详情',
    option: { source: { SNS: 'SNS（End User Messaging SMS）', TWILIO: 'Twilio' } },
  },
};
export default snsRecordZh;
