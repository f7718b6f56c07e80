/** The system setting's switch hints in English: what each switch does where it is enforced (docs/settings.md). */
const systemSettingEn = {
  systemSetting: {
    previewAppNameHint: 'The app name the push preview shows above a notification (Herald when empty).',
    defaultCountryNotListed: 'Choose the default country from the country list, or leave the list empty.',
    presets: {
      title: 'Feature category presets',
      hint: "Named classifications a message's author applies in one pick: a category, a group and tags.",
      name: 'Preset name',
      category: 'Category of preset',
      group: 'Group of preset',
      tags: 'Tags of preset',
      remove: 'Remove preset',
      add: 'Add preset',
    },
    hint: {
      singleMessageApprovalSheet: "On: every participant of a single message's approval sheet must pass it. Off: one participant's pass approves it.",
      templateApprovalSheet: 'On: a message or campaign uses a library template only after its approval sheet passed.',
      languageAnalysis:
        "On: a recipient whose account names no locale gets the message in the main language of the account's country (Japan: Japanese), when the template has it. Off: in the template's default language.",
      apiPushCheckDeletedTemplate:
        "On: a webhook call (the API push of a recipient-action trigger) of a message made from a library template is refused (720003) once that template is deleted. Off: the message's copy of the template is sent.",
      mutableContent: "On: every iOS push asks for mutable content, so the app's notification service extension can change it (always with media or buttons).",
      ignoreAccountNotifySetting:
        'On: push messages also reach accounts that turned notifications off in the app; never a phone that does not allow notifications, nor an unsubscribed address.',
      convertHyperlink: 'On: links in messages go out as click-tracking links. Off: they go out as written and their clicks are not counted.',
      lifecycleSendingRules:
        'Off: only ad hoc messages wait for quiet hours to end and count against frequency caps; lifecycle messages (receipts, reminders) go at once. On: both do.',
      iotIdHash: 'On: the device ids apps send are kept as their SHA-256 hash; the apps keep naming devices by their own ids.',
    },
  },
};

export default systemSettingEn;
