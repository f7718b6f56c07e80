/** Single sign-on's server texts (shared/services/ssoSetting.ts SSO_MESSAGES), by their English form. */
import type { LocalText } from './text';

const t = (en: string, zh: string, ja: string): LocalText => ({ en, zh, ja });

export const SSO_TEXTS = {
  issuer: t(
    'The issuer is the https address of the identity provider (its discovery document is at /.well-known/openid-configuration).',
    '颁发者是身份提供方的 https 地址（其发现文档位于 /.well-known/openid-configuration）。',
    '発行者は ID プロバイダーの https アドレスです（ディスカバリー文書は /.well-known/openid-configuration にあります）。',
  ),
  clientId: t(
    'Please enter the client ID the identity provider issued for Herald.',
    '请输入身份提供方为 Herald 签发的客户端 ID。',
    'ID プロバイダーが Herald 用に発行したクライアント ID を入力してください。',
  ),
  clientSecret: t('The client secret may be at most 1000 characters.', '客户端密钥最多 1000 个字符。', 'クライアントシークレットは 1000 文字以内にしてください。'),
  callback: t(
    'A sign-in callback needs both code and state, and no organization code.',
    '登录回调需要同时提供 code 和 state，且不能带组织代码。',
    'サインインのコールバックには code と state の両方が必要で、組織コードは付けられません。',
  ),
  stateSpent: t(
    'This sign-in has already been used or has expired. Please sign in again.',
    '此次登录已被使用或已过期。请重新登录。',
    'このサインインは使用済みか期限切れです。もう一度サインインしてください。',
  ),
  notConfigured: t('Single sign-on is not set up for this organization.', '此组织尚未设置单点登录。', 'この組織ではシングルサインオンが設定されていません。'),
  providerUnreachable: t(
    'The identity provider could not be reached or refused the sign-in.',
    '无法连接身份提供方，或其拒绝了此次登录。',
    'ID プロバイダーに接続できないか、サインインが拒否されました。',
  ),
  idToken: t(
    'The identity token from the identity provider could not be verified.',
    '无法验证身份提供方发来的身份令牌。',
    'ID プロバイダーからの ID トークンを検証できませんでした。',
  ),
  emailTaken: t(
    'An account with this e-mail address already exists: ask an administrator to add it to the organization.',
    '已有使用此电子邮件地址的账户：请联系管理员将其加入组织。',
    'このメールアドレスのアカウントは既にあります。管理者に組織への追加を依頼してください。',
  ),
  roleMissing: t('The default role does not exist in this organization.', '此组织中不存在该默认角色。', 'この組織にその既定のロールはありません。'),
  otherBrowser: t(
    'This sign-in was started in another browser, or this browser did not keep its cookie. Please sign in again from this browser.',
    '此次登录是在另一个浏览器中开始的，或此浏览器未保留其 Cookie。请在此浏览器中重新登录。',
    'このサインインは別のブラウザーで開始されたか、このブラウザーが Cookie を保持していません。このブラウザーからもう一度サインインしてください。',
  ),
  providerAddress: t(
    'The identity provider named an address Herald does not send a browser to (only https is allowed).',
    '身份提供方给出的地址不是 Herald 会让浏览器前往的地址（只允许 https）。',
    'ID プロバイダーが、Herald がブラウザーを送らないアドレスを指定しました（https のみ許可されます）。',
  ),
  idTokenFuture: t(
    "The identity token is dated in the future: check the identity provider's clock.",
    '身份令牌的签发时间在未来：请检查身份提供方的时钟。',
    'ID トークンの発行時刻が未来になっています。ID プロバイダーの時計を確認してください。',
  ),
  idTokenOld: t('The identity token is too old. Please sign in again.', '身份令牌过旧。请重新登录。', 'ID トークンが古すぎます。もう一度サインインしてください。'),
  idTokenLarge: t('The identity token is too large.', '身份令牌过大。', 'ID トークンが大きすぎます。'),
  emailDomain: t(
    'This organization signs in only people whose verified e-mail address is in its own domains.',
    '此组织只允许已验证电子邮件地址属于其域名的人员登录。',
    'この組織では、確認済みのメールアドレスが組織のドメインに属する人だけがサインインできます。',
  ),
  emailDomains: t(
    'Name at most 20 e-mail domains, such as example.com.',
    '最多填写 20 个电子邮件域名，例如 example.com。',
    'メールドメインは example.com のように 20 個まで指定してください。',
  ),
} as const;
