/** SNS 記録のテキスト（日本語）：組織が受信した双方向 SMS。 */
const snsRecordJa = {
  snsRecord: {
    intro:
      '組織が受信した SMS の返信です。End User Messaging SMS（SNS）経由で組織が送信したことのある番号からのものと、組織の Twilio 番号宛てのものがあります。配信停止の返信があった番号は配信停止として登録されます。',
    receivedAt: '受信日時',
    fromNumber: '送信元',
    toNumber: '宛先',
    keyword: 'キーワード',
    body: 'メッセージ',
    source: '受信経路',
    optOut: '配信停止',
    providerMessageId: 'プロバイダーのメッセージ ID',
    searchNumber: '番号で検索',
    searchBody: 'メッセージを検索',
    empty: 'まだ返信を受信していません。',
    details: '詳細',
    detailOf: '{{number}} からのメッセージの詳細',
    option: { source: { SNS: 'SNS（End User Messaging SMS）', TWILIO: 'Twilio' } },
  },
};
export default snsRecordJa;
