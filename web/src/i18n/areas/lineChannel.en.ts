/** The LINE channel settings' texts in English. */
const lineChannelEn = {
  lineChannel: {
    title: 'LINE',
    text: 'The LINE Official Account your LINE messages are sent from: the Messaging API channel of the LINE Developers console.',
    channelId: 'Channel ID',
    channelIdInvalid: 'The channel ID is the number shown in the LINE Developers console.',
    accessToken: 'Channel access token',
    accessTokenInvalid: 'This is not a channel access token LINE issues: copy it whole from the LINE Developers console.',
    channelSecret: 'Channel secret',
    channelSecretInvalid: 'The channel secret is 32 characters, 0-9 and a-f.',
    isSet: 'Saved. It is never shown again; enter a new one to replace it.',
    notSet: 'Not set yet.',
    keepPlaceholder: 'Leave empty to keep the saved one',
    saved: 'The LINE channel was saved.',
    remove: 'Remove LINE channel',
    removed: 'The LINE channel was removed. LINE messages fail until a token is saved again.',
    loadFailed: 'The LINE channel could not be loaded.',
  },
};
export default lineChannelEn;
