/**
 * The texts of the account settings (/settings). Registered when the page loads (./settings.ts), so the
 * sign-in route does not carry them.
 * English, Chinese and Japanese side by side.
 */
import { type SideBySide, t } from '../sideBySide';

const settingsTexts = {
  settings: {
    intro: t('Your details and how the portal works for you.', '您的个人信息及门户使用偏好。', 'あなたの情報とポータルの使い方の設定です。'),
    saved: t('Your settings were saved.', '设置已保存。', '設定を保存しました。'),
    choose: t('Choose…', '请选择…', '選択してください…'),
    tabs: {
      myInfo: t('My Info', '我的信息', 'マイ情報'),
      preferences: t('Preferences', '偏好设置', '環境設定'),
      notifications: t('Notifications', '通知', 'お知らせ'),
      alerts: t('Alerts', '提醒', 'アラート'),
      language: t('Language', '语言', '言語'),
    },
    emailHint: t(
      'A new address takes effect when you open the link we mail to it; then you are signed out everywhere.',
      '新地址需在打开我们发送到该地址的链接后生效，届时所有设备都会退出登录。',
      '新しいアドレスは、そのアドレスに送るリンクを開いた時点で有効になり、すべての端末でサインアウトされます。',
    ),
    currentPassword: t('Current password', '当前密码', '現在のパスワード'),
    emailPasswordHint: t('Enter your password to change your sign-in address.', '请输入密码以更改登录地址。', 'サインインアドレスを変更するにはパスワードを入力してください。'),
    emailConfirmSent: t(
      'We sent a confirmation link to {{email}}. Your address changes when you open it.',
      '确认链接已发送至 {{email}}。打开链接后地址才会更改。',
      '{{email}} に確認リンクを送信しました。リンクを開くとアドレスが変更されます。',
    ),
    defaultLandingPage: t('Default landing page', '默认首页', '既定のスタートページ'),
    timeZone: t('Time zone', '时区', 'タイムゾーン'),
    timeZoneDefault: t('Organization default ({{zone}})', '组织默认（{{zone}}）', '組織の既定（{{zone}}）'),
    timeZoneBrowser: t("Organization default (this browser's zone)", '组织默认（本浏览器的时区）', '組織の既定（このブラウザーのタイムゾーン）'),
    portalLanguage: t('Portal language', '门户语言', 'ポータルの言語'),
    notificationsTitle: t('In-portal notifications', '门户内通知', 'ポータル内のお知らせ'),
    notificationsText: t('Choose what the notifications bell tells you about.', '选择通知铃铛提醒您的事项。', 'お知らせベルで通知する内容を選んでください。'),
    alertType: {
      APPROVAL_REQUEST: t('A message waits for my approval', '有消息等待我审批', 'メッセージが私の承認を待っている'),
      APPROVAL_RESULT: t('My message was approved or rejected', '我的消息已通过或被驳回', '私のメッセージが承認または却下された'),
      SEND_COMPLETED: t('A send completed', '发送已完成', '送信が完了した'),
      SEND_FAILED: t('A send failed', '发送失败', '送信に失敗した'),
      IMPORT_FINISHED: t('A data import finished', '数据导入已完成', 'データインポートが完了した'),
      EXPORT_READY: t('An export is ready', '导出文件已就绪', 'エクスポートの準備ができた'),
    },
    alertsTitle: t('Alert e-mails', '提醒邮件', 'アラートメール'),
    alertsText: t(
      'Alerts are also sent to these addresses. Separate addresses with a comma or press Enter.',
      '提醒也会发送到这些地址。用逗号分隔地址或按回车。',
      'アラートはこれらのアドレスにも送信されます。カンマで区切るか Enter を押してください。',
    ),
    alertEmails: t('Alert e-mail addresses', '提醒邮件地址', 'アラートの送信先アドレス'),
    languageTitle: t('Portal language', '门户语言', 'ポータルの言語'),
    languageText: t(
      'The language of menus, screens and messages. It applies at once.',
      '菜单、页面和提示的语言，立即生效。',
      'メニュー、画面、メッセージの言語です。すぐに反映されます。',
    ),
  },
} satisfies SideBySide;

export default settingsTexts;
