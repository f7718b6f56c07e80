/** The texts of the sign-in flow's other pages in Japanese: the same keys and placeholders as ./auth.en.ts. */
import type { LocaleShape } from '../locales/en';
import type { AuthTexts } from './auth.en';

const authJa: LocaleShape<AuthTexts> = {
  forgot: {
    title: 'パスワードの再設定',
    subtitle: 'アカウントのメールアドレスを入力してください。新しいパスワードを設定するリンクをお送りします。',
    email: 'メールアドレス',
    submit: 'リンクを送信',
    sentTitle: 'メールをご確認ください',
    sent: 'このアドレスのアカウントがある場合、新しいパスワードを設定するリンクを送信しました。リンクは1回のみ有効です。',
    backToLogin: 'サインインに戻る',
  },
  passwordNew: {
    title: 'パスワードの設定',
    subtitle: 'サインインに使うパスワードを設定してください。',
    submit: 'パスワードを設定',
    done: 'パスワードを設定しました。新しいパスワードでサインインしてください。',
    spent: 'このリンクは使用済みか、新しいリンクに置き換えられたか、有効期限が切れています。新しいリンクを申請し、最新のメールを使ってください。',
    askAgain: '新しいリンクを送る',
    noToken: 'このリンクは不完全です。メールのリンクを開き直すか、新しいリンクをリクエストしてください。',
  },
  passwordEdit: {
    title: 'パスワード変更',
    subtitle: '{{username}} のパスワード。変更後は再度サインインします。',
    submit: 'パスワードを変更',
    done: 'パスワードを変更しました。新しいパスワードでサインインしてください。',
    back: '設定に戻る',
  },
  emailConfirm: {
    title: 'メールアドレスの確認',
    working: '確認しています…',
    done: 'サインインアドレスは {{email}} になりました。もう一度サインインしてください。',
    failed: 'このリンクは無効、使用済み、または期限切れです。設定でもう一度アドレスを変更して新しいリンクを受け取ってください。',
    toLogin: 'サインインへ',
  },
};

export default authJa;
