/**
 * The texts of the generic screens of registry entities (/library/tag, /language, … and the unsubscription list's
 * fields) in English: the CRUD dialogs' texts and one block per entity (one, a record; intro, fields, options).
 * Each entity's title stays in the main bundle, as the side menu shows it. Registered when one of those pages loads
 * (./entity.ts), so the sign-in route does not carry them.
 */
const entityEn = {
  crud: {
    add: 'New {{one}}',
    edit: 'Edit {{one}}',
    created: '{{name}} was created.',
    saved: '{{name}} was saved.',
    deleteTitle: 'Delete {{one}}',
    deleteConfirm: 'Delete {{name}}?',
    deleted: '{{name}} was deleted.',
    taken: 'This {{field}} is already used.',
    choose: 'Select…',
  },
  entity: {
    messageUnsubscription: {
      target: 'Address',
      channelName: 'Channel',
      source: 'Why',
    },
    templateCategory: {
      one: 'category',
      intro: 'Group message templates so people find them.',
      empty: 'No categories yet.',
      name: 'Name',
      description: 'Description',
    },
    planTag: {
      taken: 'The tags name is already used.',
      one: 'tag',
      intro: 'Tags mark messages so you can find and report on them.',
      empty: 'No tags yet.',
      name: 'Name',
      color: 'Colour',
      description: 'Description',
    },
    planCategory: {
      one: 'category',
      intro: 'Categories sort messages in lists and reports.',
      empty: 'No categories yet.',
      name: 'Name',
      description: 'Description',
    },
    planGroup: {
      one: 'group',
      intro: 'Groups report several messages together.',
      empty: 'No groups yet.',
      name: 'Name',
      description: 'Description',
    },
    language: {
      one: 'language',
      intro: 'The languages your messages are written in; one is the default.',
      empty: 'No languages yet.',
      name: 'Name',
      code: 'Code',
      isDefault: 'Default',
    },
    actionList: {
      one: 'action',
      intro: 'Named actions message buttons can take.',
      empty: 'No actions yet.',
      name: 'Name',
      code: 'Code',
      type: 'Type',
      option: {
        type: {
          WEBSITE: 'Open a website',
          OPEN_PAGE: 'Open a page in the app',
          CALL: 'Make a call',
          CLOSE: 'Close',
          UPGRADE: 'Upgrade the app',
          REQUIRE_LOGIN: 'Require sign-in',
        },
      },
    },
    exportSetting: {
      one: 'export setting',
      intro: 'Exports that run by themselves on a loop; each run appears under Data export with its file.',
      empty: 'No export settings yet.',
      taken: 'This export setting name is already used.',
      fields: { title: 'Title' },
      exportType: 'Export type',
      loopType: 'Loop',
      state: 'State',
      lastExecutionDate: 'Last run',
      nextExecutionDate: 'Next run',
      option: {
        exportType: { ACCOUNTS: 'Accounts', UNSUBSCRIPTIONS: 'Unsubscriptions' },
        loopType: { ONCE: 'Once', EVERY_5_MINUTES: 'Every 5 minutes', HOURLY: 'Hourly', DAILY: 'Daily', WEEKLY: 'Weekly', MONTHLY: 'Monthly (1st, 00:00 UTC)' },
        state: { ACTIVE: 'Active', INACTIVE: 'Inactive' },
      },
    },
    company: {
      one: 'company',
      intro: 'Senders of direct mail, used by the Company step of a message.',
      empty: 'No companies yet.',
      company: 'Company',
      directMailType: 'Direct-mail type',
      fullName: 'Full name',
      address: 'Address',
      website: 'Website',
      name: 'Contact name',
      phone: 'Phone',
      email: 'Email',
      option: {
        directMailType: {
          LETTER: 'Letter',
          POSTCARD: 'Postcard',
          CATALOG: 'Catalog',
          FLYER: 'Flyer',
        },
      },
    },
    kpiTarget: {
      one: 'target',
      intro: 'Targets the dashboard measures your results against.',
      empty: 'No targets yet.',
      name: 'Name',
      metric: 'Metric',
      target: 'Target',
      period: 'Period',
      option: {
        metric: {
          SENT: 'Messages sent',
          OPEN_RATE: 'Open rate (%)',
          CLICK_RATE: 'Click rate (%)',
          CONVERSION_RATE: 'Conversion rate (%)',
          UNSUBSCRIBE_RATE: 'Unsubscribe rate (%)',
        },
        period: {
          MONTH: 'Month',
          QUARTER: 'Quarter',
          YEAR: 'Year',
        },
      },
    },
    geofenceTag: {
      taken: 'The tags name is already used.',
      one: 'geofence tag',
      intro: 'Tags that group geofences.',
      empty: 'No geofence tags yet.',
      name: 'Name',
      color: 'Colour',
    },
    messageFolder: {
      one: 'folder',
      intro: 'Folders of the message library, each with a colour tag and an order.',
      empty: 'No folders yet.',
      fields: { title: 'Title' },
      tagColor: 'Tag colour',
      orderIndex: 'Order (0–99)',
      status: 'Status',
      option: { status: { ACTIVE: 'Active', INACTIVE: 'Inactive' } },
    },
    beaconGroup: {
      taken: 'The name is already taken.',
      one: 'beacon group',
      intro: 'Groups that beacons belong to.',
      empty: 'No beacon groups yet.',
      name: 'Name',
      description: 'Description',
    },
  },
};

export type EntityTexts = typeof entityEn;
export default entityEn;
