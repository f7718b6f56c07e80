/** The texts of the sign-in flow's other pages in Chinese: the same keys and placeholders as ./auth.en.ts. */
import type { LocaleShape } from '../locales/en';
import type { AuthTexts } from './auth.en';

const authZh: LocaleShape<AuthTexts> = {
  forgot: {
    title: '重置密码',
    subtitle: '输入您账号的电子邮件地址，我们会发送设置新密码的链接。',
    email: '电子邮件地址',
    submit: '发送链接',
    sentTitle: '请查收邮件',
    sent: '如果有账号使用此地址，设置新密码的链接已发送到该地址。链接仅可使用一次。',
    backToLogin: '返回登录',
  },
  passwordNew: {
    title: '设置密码',
    subtitle: '请设置您登录时使用的密码。',
    submit: '设置密码',
    done: '密码已设置，请使用新密码登录。',
    spent: '此链接已被使用、已被更新的链接取代或已过期。请重新申请链接，并使用最新的邮件。',
    askAgain: '给我发送新的链接',
    noToken: '此链接不完整。请重新打开邮件中的链接，或申请新的链接。',
  },
  passwordEdit: {
    title: '修改密码',
    subtitle: '账号 {{username}}。修改后需要重新登录。',
    submit: '修改密码',
    done: '密码已修改，请使用新密码登录。',
    back: '返回设置',
  },
  emailConfirm: {
    title: '确认电子邮件地址',
    working: '正在确认…',
    done: '您的登录地址已更改为 {{email}}。请重新登录。',
    failed: '此链接无效、已使用或已过期。请在设置中重新更改地址以获取新链接。',
    toLogin: '前往登录',
  },
};

export default authZh;
