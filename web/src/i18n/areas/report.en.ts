/** The texts of the report screens (/plan-report), in English. Registered when a report page loads (./report.ts). */
const reportEn = {
  report: {
    plan: {
      intro: 'Compare messages over a range of days (UTC): sends, failures, opens and clicks.',
      messages: 'Messages',
      choose: 'Choose messages…',
      loading: 'Loading…',
      noMessages: 'No messages yet.',
      chooseMessages: 'Please choose at least one message!',
      tooMany: 'At most {{max}} messages in one report.',
      slow: '{{count}} messages chosen: a report over {{max}} messages may take a while.',
      start: 'Start date (UTC)',
      end: 'End date (UTC)',
      dateRequired: 'Please choose a date!',
      startBeforeEnd: 'The start date must be before the end date.',
      run: 'Make the report',
      csv: 'Download CSV',
      word: 'Download Word',
      message: 'Message',
      group: 'Group',
      total: 'Total',
      caption: 'Plan report from {{start}} to {{end}}',
    },
  },
};
export default reportEn;
