/** A member's own alert rules (settings, Alerts tab) and their notifications,, English, Chinese and Japanese side by side. */
import { type SideBySide, t } from '../sideBySide';

const userAlertTexts = {
  userAlert: {
    title: t('My alerts', '我的提醒', 'マイアラート'),
    text: t(
      'Tell me when something goes wrong with my own messages and cloud sources, in this organization.',
      '在本组织中，我自己的消息或云数据源出现问题时提醒我。',
      'この組織で、自分のメッセージやクラウドソースに問題が起きたときに知らせます。',
    ),
    empty: t('You have no alerts yet.', '您还没有提醒。', 'アラートはまだありません。'),
    eventLabel: t('Alert me when', '何时提醒我', '通知する条件'),
    threshold: t('Failure rate from', '失败率达到', '失敗率のしきい値'),
    channels: t('How to alert me', '提醒方式', '通知方法'),
    channel: {
      portal: t('In the portal', '在门户中', 'ポータル内'),
      email: t('By mail to my sign-in address', '发送邮件到我的登录邮箱', 'サインイン用アドレスにメール'),
    },
    enabled: t('On', '开启', 'オン'),
    add: t('Add alert', '添加提醒', 'アラートを追加'),
    added: t('The alert was added.', '提醒已添加。', 'アラートを追加しました。'),
    saved: t('The alert was saved.', '提醒已保存。', 'アラートを保存しました。'),
    deleted: t('The alert was deleted.', '提醒已删除。', 'アラートを削除しました。'),
    deleteTitle: t('Delete alert', '删除提醒', 'アラートの削除'),
    deleteText: t('Delete the alert "{{what}}"?', '删除提醒“{{what}}”？', 'アラート「{{what}}」を削除しますか？'),
    event: {
      RUN_FAILURE_RATE: t('A run of my message fails too often', '我的消息的一次发送失败过多', '自分のメッセージの送信で失敗が多い'),
      CLOUD_SOURCE_FAILED: t('A delivery of my cloud source or model fails', '我的云数据源或模型的一次投递失败', '自分のクラウドソースまたはモデルの配信が失敗した'),
    },
    when: {
      RUN_FAILURE_RATE: t(
        'A run of my message fails for at least {{threshold}} % of its recipients',
        '我的消息的一次发送中至少 {{threshold}} % 的收件人失败',
        '自分のメッセージの送信で受信者の {{threshold}} % 以上が失敗した',
      ),
      CLOUD_SOURCE_FAILED: t('A delivery of my cloud source or model fails', '我的云数据源或模型的一次投递失败', '自分のクラウドソースまたはモデルの配信が失敗した'),
    },
  },
  notification: {
    kind: {
      ALERT_FAILURE_RATE: t(
        'Alert: a run of "{{name}}" finished with {{failed}} failed and {{sent}} sent.',
        '提醒：“{{name}}”的一次发送已结束，失败 {{failed}}，成功 {{sent}}。',
        'アラート：「{{name}}」の送信が終わりました（失敗 {{failed}} 件、送信 {{sent}} 件）。',
      ),
      ALERT_SOURCE_FAILED: t(
        'Alert: a delivery of the cloud source "{{name}}" failed.',
        '提醒：云数据源“{{name}}”的一次投递失败。',
        'アラート：クラウドソース「{{name}}」の配信が失敗しました。',
      ),
    },
  },
} satisfies SideBySide;

export default userAlertTexts;
