/** A member's own alert rules in Chinese: the same keys as ./userAlert.en.ts. */
import type { LocaleShape } from '../locales/en';
import type { UserAlertTexts } from './userAlert.en';

const userAlertZh: LocaleShape<UserAlertTexts> = {
  userAlert: {
    title: '我的提醒',
    text: '在本组织中，我自己的消息或云数据源出现问题时提醒我。',
    empty: '您还没有提醒。',
    eventLabel: '何时提醒我',
    threshold: '失败率达到',
    channels: '提醒方式',
    channel: { portal: '在门户中', email: '发送邮件到我的登录邮箱' },
    enabled: '开启',
    add: '添加提醒',
    added: '提醒已添加。',
    saved: '提醒已保存。',
    deleted: '提醒已删除。',
    deleteTitle: '删除提醒',
    deleteText: '删除提醒“{{what}}”？',
    event: { RUN_FAILURE_RATE: '我的消息的一次发送失败过多', CLOUD_SOURCE_FAILED: '我的云数据源或模型的一次投递失败' },
    when: {
      RUN_FAILURE_RATE: '我的消息的一次发送中至少 {{threshold}} % 的收件人失败',
      CLOUD_SOURCE_FAILED: '我的云数据源或模型的一次投递失败',
    },
  },
  notification: {
    kind: {
      ALERT_FAILURE_RATE: '提醒：“{{name}}”的一次发送已结束，失败 {{failed}}，成功 {{sent}}。',
      ALERT_SOURCE_FAILED: '提醒：云数据源“{{name}}”的一次投递失败。',
    },
  },
};
export default userAlertZh;
