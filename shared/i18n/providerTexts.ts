/**
 * An organization's own e-mail and SMS providers (shared/entities/messageProvider.ts): the form's refusals and
 * a test send's report, by their English form.
 */
import type { LocalText } from './text';

const t = (en: string, zh: string, ja: string): LocalText => ({ en, zh, ja });

export const PROVIDER_TEXTS = {
  provider: t('Please select the provider!', '请选择服务商！', 'プロバイダーを選択してください！'),
  awsCredentials: t(
    'Please input an access key and secret key, or a role ARN.',
    '请输入访问密钥和私有密钥，或角色 ARN。',
    'アクセスキーとシークレットキー、またはロール ARN を入力してください。',
  ),
  twilioFrom: t(
    'Please input the sender phone number or the messaging service SID!',
    '请输入发送方电话号码或消息服务 SID！',
    '送信元の電話番号またはメッセージングサービス SID を入力してください！',
  ),
  roleArn: t(
    'A role ARN looks like arn:aws:iam::123456789012:role/Name.',
    '角色 ARN 的格式如 arn:aws:iam::123456789012:role/Name。',
    'ロール ARN は arn:aws:iam::123456789012:role/Name のような形式です。',
  ),
  ownAccountRole: t("A role in Herald's own AWS account cannot be used.", '不能使用 Herald 自身 AWS 账户中的角色。', 'Herald 自身の AWS アカウントのロールは使用できません。'),
  sender: t('A sender id has 3 to 11 letters, digits and spaces.', '发送方 ID 为 3 到 11 个字母、数字或空格。', '送信者 ID は 3〜11 文字の英字・数字・スペースです。'),
  serviceSid: t(
    'A messaging service SID is MG and 32 hexadecimal digits.',
    '消息服务 SID 由 MG 和 32 位十六进制数字组成。',
    'メッセージングサービス SID は MG と 32 桁の 16 進数です。',
  ),
  host: t('Please enter a host name such as smtp.example.com.', '请输入主机名，例如 smtp.example.com。', 'smtp.example.com のようなホスト名を入力してください。'),
  region: t('Please enter an AWS region such as ap-northeast-1.', '请输入 AWS 区域，例如 ap-northeast-1。', 'ap-northeast-1 のような AWS リージョンを入力してください。'),
  httpsUrl: t('Please enter a URL starting with https://.', '请输入以 https:// 开头的 URL。', 'https:// で始まる URL を入力してください。'),
  titleTaken: t('A provider with this title already exists.', '已存在同名的服务商。', '同じタイトルのプロバイダーがすでにあります。'),
  testSubject: t('Herald test message from {title}', '来自 {title} 的 Herald 测试消息', '{title} からの Herald テストメッセージ'),
  testBody: t(
    'This is a test message sent through the provider "{title}". If you can read it, the provider works.',
    '这是一条通过服务商“{title}”发送的测试消息。如果您能看到它，说明该服务商工作正常。',
    'これはプロバイダー「{title}」から送信したテストメッセージです。読めていれば、プロバイダーは正常に動作しています。',
  ),
  testSent: t('Sent. The provider answered with message id {id}.', '已发送。服务商返回的消息 ID 为 {id}。', '送信しました。プロバイダーの応答のメッセージ ID は {id} です。'),
  // the spec's own words for a send that did not go (spec 000 section 9, 001 section 8), then why
  testFailed: t(
    'Sorry, the message was not sent. The provider answered: {detail}',
    '抱歉，消息未发送。服务商的答复：{detail}',
    '申し訳ありません。メッセージは送信されませんでした。プロバイダーの応答：{detail}',
  ),
  testThrottled: t(
    'Sorry, the message was not sent. The provider is limiting the sending rate: try again in a minute.',
    '抱歉，消息未发送。服务商正在限制发送速率：请一分钟后重试。',
    '申し訳ありません。メッセージは送信されませんでした。プロバイダーが送信レートを制限しています。1 分後にもう一度お試しください。',
  ),
  testUnknown: t(
    'The provider did not answer in time; the message may or may not have been sent: {detail}',
    '服务商未及时答复，消息可能已发送，也可能未发送：{detail}',
    'プロバイダーが時間内に応答しませんでした。メッセージは送信された可能性もあります：{detail}',
  ),
  testAddress: t('Please enter an email address to send the test to.', '请输入接收测试邮件的电子邮件地址。', 'テストの送信先メールアドレスを入力してください。'),
  testPhone: t('Please enter a phone number to send the test to.', '请输入接收测试短信的电话号码。', 'テストの送信先電話番号を入力してください。'),
  tooMany: t(
    'Too many provider tests: at most {max} an hour. Try again in {minutes} minutes.',
    '服务商测试过于频繁：每小时最多 {max} 次。请在 {minutes} 分钟后重试。',
    'プロバイダーのテストが多すぎます（1 時間に最大 {max} 回）。{minutes} 分後にもう一度お試しください。',
  ),
  twilioAccountSid: t(
    'A Twilio account SID is AC and 32 hexadecimal digits.',
    'Twilio 账户 SID 由 AC 和 32 位十六进制数字组成。',
    'Twilio のアカウント SID は AC と 32 桁の 16 進数です。',
  ),
} as const;
