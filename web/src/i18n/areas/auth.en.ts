/**
 * The texts of the sign-in flow's pages other than the sign-in form (/forgot-password, /password-new, /password-edit,
 * /email-confirm) in English. Registered when one of those pages loads (./auth.ts), so the sign-in route does not
 * carry them.
 */
const authEn = {
  forgot: {
    title: 'Reset your password',
    subtitle: 'Enter the e-mail address of your account. We will send you a link to set a new password.',
    email: 'E-mail address',
    submit: 'Send link',
    sentTitle: 'Check your e-mail',
    sent: 'If an account has this address, a link to set a new password was sent to it. The link works once.',
    backToLogin: 'Back to sign in',
  },
  passwordNew: {
    title: 'Set your password',
    subtitle: 'Choose the password you will sign in with.',
    submit: 'Set password',
    done: 'Your password is set. Sign in with it.',
    spent: 'This link has already been used, or a newer one replaced it, or it has expired. Ask for a new link and use the latest e-mail.',
    askAgain: 'Send me a new link',
    noToken: 'This link is incomplete. Open the link from the e-mail again, or ask for a new one.',
  },
  passwordEdit: {
    title: 'Change password',
    subtitle: 'For {{username}}. You will sign in again afterwards.',
    submit: 'Change password',
    done: 'Your password was changed. Sign in with the new one.',
    back: 'Back to settings',
  },
  emailConfirm: {
    title: 'Confirm your e-mail address',
    working: 'Confirming…',
    done: 'Your sign-in address is now {{email}}. Sign in again to continue.',
    failed: 'This link is invalid, used or expired. Change the address again in Settings to get a new one.',
    toLogin: 'Go to sign in',
  },
};

export type AuthTexts = typeof authEn;
export default authEn;
