/** Approval sheets' and notifications' server texts: refusals, and the mail a notification sends when asked. */
import type { LocalText } from './text';

const entry = (en: string, zh: string, ja: string): LocalText => ({ en, zh, ja });

export const APPROVAL_TEXTS = {
  templateNotApproved: entry(
    'The template must be approved on its approval sheet before a message can use it.',
    '模板必须先在审批单上通过审批，消息才能使用它。',
    'メッセージで使うには、テンプレートが承認シートで承認されている必要があります。',
  ),
  notUnderReview: entry('The approval sheet is not under review.', '该审批单不在审批中。', 'この承認シートは審査中ではありません。'),
  listedTwice: entry('A participant is listed twice.', '参与者重复出现。', '参加者が2回指定されています。'),
  chooseSubject: entry('Please choose what is approved!', '请选择审批对象！', '承認の対象を選択してください！'),
  answered: entry('The participant has already answered.', '该参与者已经答复。', 'この参加者はすでに回答しています。'),
  deadlinePast: entry('The deadline must be in the future.', '截止时间必须晚于现在。', '期限は未来の日時にしてください。'),
} as const;

/** The mail of a notification, in the recipient's language. */
export const NOTIFICATION_TEXTS = {
  subjectAPPROVAL_REQUEST: entry('Herald: please review "{name}"', 'Herald：请审批“{name}”', 'Herald：「{name}」の承認をお願いします'),
  subjectAPPROVED: entry('Herald: "{name}" was approved', 'Herald：“{name}”已通过审批', 'Herald：「{name}」が承認されました'),
  subjectREJECTED: entry('Herald: "{name}" was rejected', 'Herald：“{name}”被驳回', 'Herald：「{name}」が却下されました'),
  subjectSEND_FINISHED: entry('Herald: "{name}" has been sent', 'Herald：“{name}”已发送完毕', 'Herald：「{name}」の送信が完了しました'),
  subjectALERT_FAILURE_RATE: entry(
    'Herald alert: "{name}" failed for {failed} recipients',
    'Herald 提醒：“{name}”有 {failed} 个收件人发送失败',
    'Herald アラート：「{name}」で {failed} 件の送信に失敗しました',
  ),
  subjectALERT_SOURCE_FAILED: entry(
    'Herald alert: the cloud source "{name}" failed',
    'Herald 提醒：云数据源“{name}”失败',
    'Herald アラート：クラウドソース「{name}」が失敗しました',
  ),
  bodyAPPROVAL_REQUEST: entry('{by} asks you to review "{name}".', '{by} 请您审批“{name}”。', '{by} さんが「{name}」の承認を依頼しました。'),
  bodyAPPROVED: entry('{by} approved "{name}".', '{by} 通过了“{name}”。', '{by} さんが「{name}」を承認しました。'),
  bodyREJECTED: entry('{by} rejected "{name}": {reason}', '{by} 驳回了“{name}”：{reason}', '{by} さんが「{name}」を却下しました：{reason}'),
  bodySEND_FINISHED: entry(
    'The sending of "{name}" has finished: {sent} sent, {failed} failed.',
    '“{name}”已发送完毕：成功 {sent}，失败 {failed}。',
    '「{name}」の送信が完了しました：送信 {sent} 件、失敗 {failed} 件。',
  ),
  bodyALERT_FAILURE_RATE: entry(
    'A run of "{name}" has finished with {failed} failed and {sent} sent, past the failure rate of your alert.',
    '“{name}”的一次发送已结束：失败 {failed}，成功 {sent}，超过了您的提醒所设的失败率。',
    '「{name}」の送信が終わりました：失敗 {failed} 件、送信 {sent} 件で、アラートの失敗率を超えました。',
  ),
  bodyALERT_SOURCE_FAILED: entry(
    'A delivery of the cloud source "{name}" failed: {reason}',
    '云数据源“{name}”的一次投递失败：{reason}',
    'クラウドソース「{name}」の配信が失敗しました：{reason}',
  ),
  open: entry('Open {url} to see it.', '打开 {url} 查看。', '{url} を開いて確認してください。'),
  system: entry('Herald (system)', 'Herald（系统）', 'Herald（システム）'),
} as const;
