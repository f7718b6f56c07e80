/** The SNS records' texts (the two-way SMS the organization received), English, Chinese and Japanese side by side. */
import { type SideBySide, t } from '../sideBySide';

const snsRecordTexts = {
  snsRecord: {
    intro: t(
      'The SMS replies the organization received: through End User Messaging SMS (SNS) from a number it has texted, and through its Twilio numbers. An opt-out reply lists the number as unsubscribed.',
      '组织收到的短信回复：通过 End User Messaging SMS（SNS）来自组织发送过短信的号码，以及通过组织的 Twilio 号码。退订回复会将该号码列为已退订。',
      '組織が受信した SMS の返信です。End User Messaging SMS（SNS）経由で組織が送信したことのある番号からのものと、組織の Twilio 番号宛てのものがあります。配信停止の返信があった番号は配信停止として登録されます。',
    ),
    receivedAt: t('Received', '接收时间', '受信日時'),
    fromNumber: t('From', '发送方', '送信元'),
    toNumber: t('To', '接收方', '宛先'),
    keyword: t('Keyword', '关键词', 'キーワード'),
    body: t('Message', '消息', 'メッセージ'),
    source: t('Received through', '接收渠道', '受信経路'),
    optOut: t('Opt-out', '退订', '配信停止'),
    providerMessageId: t('Provider message id', '服务商消息 ID', 'プロバイダーのメッセージ ID'),
    searchNumber: t('Search by number', '按号码搜索', '番号で検索'),
    searchBody: t('Search the messages', '搜索消息内容', 'メッセージを検索'),
    empty: t('No reply was received yet.', '尚未收到任何回复。', 'まだ返信を受信していません。'),
    details: t('Details', '详情', '詳細'),
    detailOf: t('Details of the message from {{number}}', '来自 {{number}} 的消息详情', '{{number}} からのメッセージの詳細'),
    option: {
      source: {
        SNS: t('SNS (End User Messaging SMS)', 'SNS（End User Messaging SMS）', 'SNS（End User Messaging SMS）'),
        TWILIO: t('Twilio', 'Twilio', 'Twilio'),
      },
    },
  },
} satisfies SideBySide;

export default snsRecordTexts;
