/** A member's own alert rules in Japanese: the same keys as ./userAlert.en.ts. */
import type { LocaleShape } from '../locales/en';
import type { UserAlertTexts } from './userAlert.en';

const userAlertJa: LocaleShape<UserAlertTexts> = {
  userAlert: {
    title: 'マイアラート',
    text: 'この組織で、自分のメッセージやクラウドソースに問題が起きたときに知らせます。',
    empty: 'アラートはまだありません。',
    eventLabel: '通知する条件',
    threshold: '失敗率のしきい値',
    channels: '通知方法',
    channel: { portal: 'ポータル内', email: 'サインイン用アドレスにメール' },
    enabled: 'オン',
    add: 'アラートを追加',
    added: 'アラートを追加しました。',
    saved: 'アラートを保存しました。',
    deleted: 'アラートを削除しました。',
    deleteTitle: 'アラートの削除',
    deleteText: 'アラート「{{what}}」を削除しますか？',
    event: { RUN_FAILURE_RATE: '自分のメッセージの送信で失敗が多い', CLOUD_SOURCE_FAILED: '自分のクラウドソースまたはモデルの配信が失敗した' },
    when: {
      RUN_FAILURE_RATE: '自分のメッセージの送信で受信者の {{threshold}} % 以上が失敗した',
      CLOUD_SOURCE_FAILED: '自分のクラウドソースまたはモデルの配信が失敗した',
    },
  },
  notification: {
    kind: {
      ALERT_FAILURE_RATE: 'アラート：「{{name}}」の送信が終わりました（失敗 {{failed}} 件、送信 {{sent}} 件）。',
      ALERT_SOURCE_FAILED: 'アラート：クラウドソース「{{name}}」の配信が失敗しました。',
    },
  },
};
export default userAlertJa;
