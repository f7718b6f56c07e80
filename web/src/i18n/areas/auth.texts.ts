/**
 * The texts of the sign-in flow's pages other than the sign-in form (/forgot-password, /password-new, /password-edit,
 * /email-confirm). Registered when one of those pages loads (./auth.ts), so the sign-in route does not
 * carry them.
 * English, Chinese and Japanese side by side.
 */
import { type SideBySide, t } from '../sideBySide';

const authTexts = {
  forgot: {
    title: t('Reset your password', '重置密码', 'パスワードの再設定'),
    subtitle: t(
      'Enter the e-mail address of your account. We will send you a link to set a new password.',
      '输入您账号的电子邮件地址，我们会发送设置新密码的链接。',
      'アカウントのメールアドレスを入力してください。新しいパスワードを設定するリンクをお送りします。',
    ),
    email: t('E-mail address', '电子邮件地址', 'メールアドレス'),
    submit: t('Send link', '发送链接', 'リンクを送信'),
    sentTitle: t('Check your e-mail', '请查收邮件', 'メールをご確認ください'),
    sent: t(
      'If an account has this address, a link to set a new password was sent to it. The link works once.',
      '如果有账号使用此地址，设置新密码的链接已发送到该地址。链接仅可使用一次。',
      'このアドレスのアカウントがある場合、新しいパスワードを設定するリンクを送信しました。リンクは1回のみ有効です。',
    ),
    backToLogin: t('Back to sign in', '返回登录', 'サインインに戻る'),
  },
  passwordNew: {
    title: t('Set your password', '设置密码', 'パスワードの設定'),
    subtitle: t('Choose the password you will sign in with.', '请设置您登录时使用的密码。', 'サインインに使うパスワードを設定してください。'),
    submit: t('Set password', '设置密码', 'パスワードを設定'),
    done: t('Your password is set. Sign in with it.', '密码已设置，请使用新密码登录。', 'パスワードを設定しました。新しいパスワードでサインインしてください。'),
    spent: t(
      'This link has already been used, or a newer one replaced it, or it has expired. Ask for a new link and use the latest e-mail.',
      '此链接已被使用、已被更新的链接取代或已过期。请重新申请链接，并使用最新的邮件。',
      'このリンクは使用済みか、新しいリンクに置き換えられたか、有効期限が切れています。新しいリンクを申請し、最新のメールを使ってください。',
    ),
    askAgain: t('Send me a new link', '给我发送新的链接', '新しいリンクを送る'),
    noToken: t(
      'This link is incomplete. Open the link from the e-mail again, or ask for a new one.',
      '此链接不完整。请重新打开邮件中的链接，或申请新的链接。',
      'このリンクは不完全です。メールのリンクを開き直すか、新しいリンクをリクエストしてください。',
    ),
  },
  passwordEdit: {
    title: t('Change password', '修改密码', 'パスワード変更'),
    subtitle: t('For {{username}}. You will sign in again afterwards.', '账号 {{username}}。修改后需要重新登录。', '{{username}} のパスワード。変更後は再度サインインします。'),
    submit: t('Change password', '修改密码', 'パスワードを変更'),
    done: t('Your password was changed. Sign in with the new one.', '密码已修改，请使用新密码登录。', 'パスワードを変更しました。新しいパスワードでサインインしてください。'),
    back: t('Back to settings', '返回设置', '設定に戻る'),
  },
  emailConfirm: {
    title: t('Confirm your e-mail address', '确认电子邮件地址', 'メールアドレスの確認'),
    working: t('Confirming…', '正在确认…', '確認しています…'),
    done: t(
      'Your sign-in address is now {{email}}. Sign in again to continue.',
      '您的登录地址已更改为 {{email}}。请重新登录。',
      'サインインアドレスは {{email}} になりました。もう一度サインインしてください。',
    ),
    failed: t(
      'This link is invalid, used or expired. Change the address again in Settings to get a new one.',
      '此链接无效、已使用或已过期。请在设置中重新更改地址以获取新链接。',
      'このリンクは無効、使用済み、または期限切れです。設定でもう一度アドレスを変更して新しいリンクを受け取ってください。',
    ),
    toLogin: t('Go to sign in', '前往登录', 'サインインへ'),
  },
} satisfies SideBySide;

export default authTexts;
