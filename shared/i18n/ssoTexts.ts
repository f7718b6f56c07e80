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
} as const;
