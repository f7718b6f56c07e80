/** Single sign-on texts: the sign-in page's SSO choice, the callback page and the provider settings on /admin-pennel-sso, English, Chinese and Japanese side by side. */
import { type SideBySide, t } from '../sideBySide';

const ssoTexts = {
  ssoLogin: {
    or: t('or', '或', 'または'),
    start: t('Use single sign-on (SSO)', '使用单点登录（SSO）', 'シングルサインオン（SSO）を使う'),
    orgCode: t('Organization code', '组织代码', '組織コード'),
    orgCodeHint: t(
      'The code of your organization in Herald. You sign in at its identity provider.',
      '您的组织在 Herald 中的代码。您将在其身份提供方处登录。',
      'Herald での組織のコードです。その組織の ID プロバイダーでサインインします。',
    ),
    orgCodeRequired: t('Please enter your organization code.', '请输入组织代码。', '組織コードを入力してください。'),
    continue: t('Continue to your identity provider', '前往身份提供方', 'ID プロバイダーへ進む'),
    notConfigured: t('Single sign-on is not set up for this organization.', '此组织尚未设置单点登录。', 'この組織ではシングルサインオンが設定されていません。'),
    signingIn: t('Signing you in…', '正在为您登录…', 'サインインしています…'),
    failed: t('The sign-in through your identity provider did not succeed.', '通过身份提供方登录未成功。', 'ID プロバイダーでのサインインに失敗しました。'),
    denied: t('The identity provider did not sign you in.', '身份提供方未让您登录。', 'ID プロバイダーでサインインできませんでした。'),
    again: t('Back to sign in', '返回登录', 'サインインに戻る'),
  },
  ssoSetting: {
    title: t('Single sign-on (OpenID Connect)', '单点登录（OpenID Connect）', 'シングルサインオン（OpenID Connect）'),
    text: t(
      'People of this organization can sign in through its identity provider. A person who signs in for the first time gets an account with the default role.',
      '本组织的人员可以通过其身份提供方登录。首次登录的人员将获得一个使用默认角色的账户。',
      'この組織のユーザーは組織の ID プロバイダーでサインインできます。初めてサインインしたユーザーには既定のロールでアカウントが作られます。',
    ),
    enabled: t('Sign-in through the identity provider is on', '已开启通过身份提供方登录', 'ID プロバイダーでのサインインを有効にする'),
    issuer: t('Issuer', '颁发者', '発行者（Issuer）'),
    issuerHint: t(
      'The https address of the provider; its discovery document is at /.well-known/openid-configuration.',
      '身份提供方的 https 地址；其发现文档位于 /.well-known/openid-configuration。',
      'プロバイダーの https アドレスです。ディスカバリー文書は /.well-known/openid-configuration にあります。',
    ),
    issuerInvalid: t('Enter the https address of the identity provider.', '请输入身份提供方的 https 地址。', 'ID プロバイダーの https アドレスを入力してください。'),
    clientId: t('Client ID', '客户端 ID', 'クライアント ID'),
    clientIdRequired: t('Please enter the client ID.', '请输入客户端 ID。', 'クライアント ID を入力してください。'),
    clientSecret: t('Client secret', '客户端密钥', 'クライアントシークレット'),
    isSet: t(
      'A client secret is stored. Leave the field empty to keep it.',
      '已保存客户端密钥。留空即保留。',
      'クライアントシークレットは保存済みです。空のままにすると保持されます。',
    ),
    notSet: t('No client secret is stored.', '尚未保存客户端密钥。', 'クライアントシークレットは保存されていません。'),
    keepPlaceholder: t('Stored – leave empty to keep', '已保存 – 留空即保留', '保存済み – 空のままで保持'),
    defaultRole: t('Role for new people', '新人员的角色', '新しいユーザーのロール'),
    defaultRoleRequired: t('Please choose the role new people get.', '请选择新人员获得的角色。', '新しいユーザーに付けるロールを選んでください。'),
    emailDomains: t('E-mail domains', '电子邮件域名', 'メールドメイン'),
    emailDomainsHint: t(
      'Separated by commas, such as example.com. When set, only people whose verified address is in one of them sign in (and, with Google, whose hosted domain is). Empty: everyone the provider vouches for.',
      '用逗号分隔，例如 example.com。设置后，只有已验证地址属于其中之一的人员才能登录（使用 Google 时，其托管域也须属于其中）。留空：身份提供方认可的所有人员。',
      'example.com のようにカンマで区切ります。設定すると、確認済みのアドレスがそのいずれかに属する人だけがサインインできます（Google ではホストドメインも同様）。空欄：プロバイダーが認めるすべての人。',
    ),
    emailDomainsInvalid: t(
      'Name at most 20 e-mail domains, such as example.com.',
      '最多填写 20 个电子邮件域名，例如 example.com。',
      'メールドメインは example.com のように 20 個まで指定してください。',
    ),
    redirectUri: t('Redirect address to register at the provider', '需在身份提供方注册的重定向地址', 'プロバイダーに登録するリダイレクトアドレス'),
    postLogoutRedirectUri: t('Address after logout to register at the provider', '需在身份提供方注册的退出后地址', 'プロバイダーに登録するログアウト後のアドレス'),
    saved: t('The single sign-on settings were saved.', '单点登录设置已保存。', 'シングルサインオンの設定を保存しました。'),
    removed: t('Single sign-on was removed.', '单点登录已移除。', 'シングルサインオンを削除しました。'),
    remove: t('Remove single sign-on', '移除单点登录', 'シングルサインオンを削除'),
    loadFailed: t('The single sign-on settings could not be loaded.', '无法加载单点登录设置。', 'シングルサインオンの設定を読み込めませんでした。'),
  },
} satisfies SideBySide;

export default ssoTexts;
