/**
 * The texts of the account settings (/settings) in English. Registered when the page loads (./settings.ts), so the
 * sign-in route does not carry them.
 */
const settingsEn = {
  settings: {
    intro: 'Your details and how the portal works for you.',
    saved: 'Your settings were saved.',
    choose: 'Choose…',
    tabs: {
      myInfo: 'My Info',
      preferences: 'Preferences',
      notifications: 'Notifications',
      alerts: 'Alerts',
      language: 'Language',
    },
    emailHint: 'A new address takes effect when you open the link we mail to it; then you are signed out everywhere.',
    currentPassword: 'Current password',
    emailPasswordHint: 'Enter your password to change your sign-in address.',
    emailConfirmSent: 'We sent a confirmation link to {{email}}. Your address changes when you open it.',
    defaultLandingPage: 'Default landing page',
    timeZone: 'Time zone',
    timeZoneDefault: 'Organization default ({{zone}})',
    timeZoneBrowser: "Organization default (this browser's zone)",
    portalLanguage: 'Portal language',
    notificationsTitle: 'In-portal notifications',
    notificationsText: 'Choose what the notifications bell tells you about.',
    alertType: {
      APPROVAL_REQUEST: 'A message waits for my approval',
      APPROVAL_RESULT: 'My message was approved or rejected',
      SEND_COMPLETED: 'A send completed',
      SEND_FAILED: 'A send failed',
      IMPORT_FINISHED: 'A data import finished',
      EXPORT_READY: 'An export is ready',
    },
    alertsTitle: 'Alert e-mails',
    alertsText: 'Alerts are also sent to these addresses. Separate addresses with a comma or press Enter.',
    alertEmails: 'Alert e-mail addresses',
    languageTitle: 'Portal language',
    languageText: 'The language of menus, screens and messages. It applies at once.',
  },
};

export type SettingsTexts = typeof settingsEn;
export default settingsEn;
