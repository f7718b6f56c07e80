/** The account settings' texts in Japanese: the same keys and placeholders as ./settings.en.ts. */
import type { LocaleShape } from '../locales/en';
import type { SettingsTexts } from './settings.en';

const settingsJa: LocaleShape<SettingsTexts> = {
  settings: {
    intro: 'あなたの情報とポータルの使い方の設定です。',
    saved: '設定を保存しました。',
    choose: '選択してください…',
    tabs: { myInfo: 'マイ情報', preferences: '環境設定', notifications: 'お知らせ', alerts: 'アラート', language: '言語' },
    emailHint: '新しいアドレスは、そのアドレスに送るリンクを開いた時点で有効になり、すべての端末でサインアウトされます。',
    currentPassword: '現在のパスワード',
    emailPasswordHint: 'サインインアドレスを変更するにはパスワードを入力してください。',
    emailConfirmSent: '{{email}} に確認リンクを送信しました。リンクを開くとアドレスが変更されます。',
    defaultLandingPage: '既定のスタートページ',
    timeZone: 'タイムゾーン',
    timeZoneDefault: '組織の既定（{{zone}}）',
    timeZoneBrowser: '組織の既定（このブラウザーのタイムゾーン）',
    portalLanguage: 'ポータルの言語',
    notificationsTitle: 'ポータル内のお知らせ',
    notificationsText: 'お知らせベルで通知する内容を選んでください。',
    alertType: {
      APPROVAL_REQUEST: 'メッセージが私の承認を待っている',
      APPROVAL_RESULT: '私のメッセージが承認または却下された',
      SEND_COMPLETED: '送信が完了した',
      SEND_FAILED: '送信に失敗した',
      IMPORT_FINISHED: 'データインポートが完了した',
      EXPORT_READY: 'エクスポートの準備ができた',
    },
    alertsTitle: 'アラートメール',
    alertsText: 'アラートはこれらのアドレスにも送信されます。カンマで区切るか Enter を押してください。',
    alertEmails: 'アラートの送信先アドレス',
    languageTitle: 'ポータルの言語',
    languageText: 'メニュー、画面、メッセージの言語です。すぐに反映されます。',
  },
};

export default settingsJa;
