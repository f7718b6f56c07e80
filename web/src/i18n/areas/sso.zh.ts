import type { SsoTexts } from './sso.en';

const ssoZh: SsoTexts = {
  ssoLogin: {
    or: '或',
    start: '使用单点登录（SSO）',
    orgCode: '组织代码',
    orgCodeHint: '您的组织在 Herald 中的代码。您将在其身份提供方处登录。',
    orgCodeRequired: '请输入组织代码。',
    continue: '前往身份提供方',
    notConfigured: '此组织尚未设置单点登录。',
    signingIn: '正在为您登录…',
    failed: '通过身份提供方登录未成功。',
    denied: '身份提供方未让您登录。',
    again: '返回登录',
  },
  ssoSetting: {
    title: '单点登录（OpenID Connect）',
    text: '本组织的人员可以通过其身份提供方登录。首次登录的人员将获得一个使用默认角色的账户。',
    enabled: '已开启通过身份提供方登录',
    issuer: '颁发者',
    issuerHint: '身份提供方的 https 地址；其发现文档位于 /.well-known/openid-configuration。',
    issuerInvalid: '请输入身份提供方的 https 地址。',
    clientId: '客户端 ID',
    clientIdRequired: '请输入客户端 ID。',
    clientSecret: '客户端密钥',
    isSet: '已保存客户端密钥。留空即保留。',
    notSet: '尚未保存客户端密钥。',
    keepPlaceholder: '已保存 – 留空即保留',
    defaultRole: '新人员的角色',
    defaultRoleRequired: '请选择新人员获得的角色。',
    emailDomains: '电子邮件域名',
    emailDomainsHint: '用逗号分隔，例如 example.com。设置后，只有已验证地址属于其中之一的人员才能登录（使用 Google 时，其托管域也须属于其中）。留空：身份提供方认可的所有人员。',
    emailDomainsInvalid: '最多填写 20 个电子邮件域名，例如 example.com。',
    redirectUri: '需在身份提供方注册的重定向地址',
    postLogoutRedirectUri: '需在身份提供方注册的退出后地址',
    saved: '单点登录设置已保存。',
    removed: '单点登录已移除。',
    remove: '移除单点登录',
    loadFailed: '无法加载单点登录设置。',
  },
};

export default ssoZh;
