import type { SsoTexts } from './sso.en';

const ssoJa: SsoTexts = {
  ssoLogin: {
    or: 'または',
    start: 'シングルサインオン（SSO）を使う',
    orgCode: '組織コード',
    orgCodeHint: 'Herald での組織のコードです。その組織の ID プロバイダーでサインインします。',
    orgCodeRequired: '組織コードを入力してください。',
    continue: 'ID プロバイダーへ進む',
    notConfigured: 'この組織ではシングルサインオンが設定されていません。',
    signingIn: 'サインインしています…',
    failed: 'ID プロバイダーでのサインインに失敗しました。',
    denied: 'ID プロバイダーでサインインできませんでした。',
    again: 'サインインに戻る',
  },
  ssoSetting: {
    title: 'シングルサインオン（OpenID Connect）',
    text: 'この組織のユーザーは組織の ID プロバイダーでサインインできます。初めてサインインしたユーザーには既定のロールでアカウントが作られます。',
    enabled: 'ID プロバイダーでのサインインを有効にする',
    issuer: '発行者（Issuer）',
    issuerHint: 'プロバイダーの https アドレスです。ディスカバリー文書は /.well-known/openid-configuration にあります。',
    issuerInvalid: 'ID プロバイダーの https アドレスを入力してください。',
    clientId: 'クライアント ID',
    clientIdRequired: 'クライアント ID を入力してください。',
    clientSecret: 'クライアントシークレット',
    isSet: 'クライアントシークレットは保存済みです。空のままにすると保持されます。',
    notSet: 'クライアントシークレットは保存されていません。',
    keepPlaceholder: '保存済み – 空のままで保持',
    defaultRole: '新しいユーザーのロール',
    defaultRoleRequired: '新しいユーザーに付けるロールを選んでください。',
    emailDomains: 'メールドメイン',
    emailDomainsHint:
      'example.com のようにカンマで区切ります。設定すると、確認済みのアドレスがそのいずれかに属する人だけがサインインできます（Google ではホストドメインも同様）。空欄：プロバイダーが認めるすべての人。',
    emailDomainsInvalid: 'メールドメインは example.com のように 20 個まで指定してください。',
    redirectUri: 'プロバイダーに登録するリダイレクトアドレス',
    postLogoutRedirectUri: 'プロバイダーに登録するログアウト後のアドレス',
    saved: 'シングルサインオンの設定を保存しました。',
    removed: 'シングルサインオンを削除しました。',
    remove: 'シングルサインオンを削除',
    loadFailed: 'シングルサインオンの設定を読み込めませんでした。',
  },
};

export default ssoJa;
