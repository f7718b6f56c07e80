/** A member's own alert rules (settings, Alerts tab) and their notifications, in English. */
const userAlertEn = {
  userAlert: {
    title: 'My alerts',
    text: 'Tell me when something goes wrong with my own messages and cloud sources, in this organization.',
    empty: 'You have no alerts yet.',
    eventLabel: 'Alert me when',
    threshold: 'Failure rate from',
    channels: 'How to alert me',
    channel: { portal: 'In the portal', email: 'By mail to my sign-in address' },
    enabled: 'On',
    add: 'Add alert',
    added: 'The alert was added.',
    saved: 'The alert was saved.',
    deleted: 'The alert was deleted.',
    deleteTitle: 'Delete alert',
    deleteText: 'Delete the alert "{{what}}"?',
    event: { RUN_FAILURE_RATE: 'A run of my message fails too often', CLOUD_SOURCE_FAILED: 'A delivery of my cloud source or model fails' },
    when: {
      RUN_FAILURE_RATE: 'A run of my message fails for at least {{threshold}} % of its recipients',
      CLOUD_SOURCE_FAILED: 'A delivery of my cloud source or model fails',
    },
  },
  notification: {
    kind: {
      ALERT_FAILURE_RATE: 'Alert: a run of "{{name}}" finished with {{failed}} failed and {{sent}} sent.',
      ALERT_SOURCE_FAILED: 'Alert: a delivery of the cloud source "{{name}}" failed.',
    },
  },
};

export type UserAlertTexts = typeof userAlertEn;
export default userAlertEn;
