/** The dashboard groups' texts in English: the generic screen's block for the `dashboardGroup` entity, the chooser and the sub-dashboard. */
const dashboardGroupEn = {
  entity: {
    dashboardGroup: {
      one: 'dashboard group',
      intro: 'Messages you follow together, each group with a dashboard of its own.',
      empty: 'No dashboard groups yet.',
      name: 'Name',
      description: 'Description',
      planIds: 'Messages',
    },
  },
  dashboardGroup: {
    open: 'Open the dashboard of {{name}}',
    chooser: 'Dashboard of a group',
    choose: 'Choose a group',
    manage: 'Manage dashboard groups',
    none: 'No dashboard groups yet: make one to follow some messages together.',
    back: 'Dashboard groups',
    intro: 'The numbers of this group’s messages only. Messages in the group: {{n}}.',
    noneChosen: 'Choose a dashboard group to see its numbers.',
    unmeasured:
      'Per message, sends, failures, bounces, opens and clicks are kept for each day in the organization’s zone: unsubscribes and answers (--), the device split and hourly points are on the whole dashboard only.',
    noOs: 'The split per device OS is kept for the whole organization only.',
  },
};

export type DashboardGroupTexts = typeof dashboardGroupEn;
export default dashboardGroupEn;
