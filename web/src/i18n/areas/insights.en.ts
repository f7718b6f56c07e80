/** The texts of the behaviour insights (/behaviorInsights/accountTrack and /webAccountTrack) in English. */
const insightsEn = {
  insights: {
    intro: {
      APP: 'What the users of your iOS and Android apps do, as the apps report it through the SDK. Days are {{zone}}.',
      WEB: 'What the visitors of your sites do, as the web snippet reports it. Days are {{zone}}.',
    },
    range: 'Date range',
    start: 'Start (UTC)',
    end: 'End (UTC)',
    apply: 'Apply',
    day: 'Day',
    event: 'Event',
    events: 'Events',
    totalEvents: 'Events in the range',
    active: 'Active accounts',
    activeTitle: 'Active accounts per day',
    activeSummary: 'Accounts that reported at least one event, per day ({{zone}}), {{start}} to {{end}}.',
    eventsTitle: 'Events over time',
    eventsSummary: 'Events per day ({{zone}}), for the {{count}} most frequent names.',
    noEvents: 'No events in this range yet.',
    funnelTitle: 'Funnel',
    funnelIntro:
      'Accounts through events in order: the first step counts the accounts whose first such event fell in the range, each next step those whose first of its event came at or after their first of the step before.',
    funnelSteps: 'Steps (2 to {{max}} events, in order)',
    funnelRun: 'Show the funnel',
    funnelSummary: 'Accounts at each step of the funnel.',
    accounts: 'Accounts',
    step: 'Step',
    timelineTitle: "An account's timeline",
    accountId: 'Account id',
    show: 'Show',
    timelineEmpty: 'No events for this account.',
    time: 'Time ({{zone}})',
    detail: 'Detail',
    message: 'Message',
    more: 'Load more',
    snippetTitle: 'The web snippet',
    snippetIntro:
      "Put this on every page of your site, with the secret your web app's key was issued with, then call herald.identify(accountId) once a visitor signs in and herald.track(name, properties) for what they do. Calls are accepted from the web app's allowed origins only.",
    snippetApp: 'Web app',
    noWebApps: 'No active web app with a key yet: add one of platform Web on the Applications screen and issue its secret.',
    copy: 'Copy',
    copied: 'The snippet is copied.',
    copyFailed: 'The snippet could not be copied: select it and copy it by hand.',
    secretPlaceholder: 'YOUR_WEB_APP_SECRET',
    analytics: {
      osOpens: '{{os}} opens (app)',
      osOpenRate: '{{os}} open rate',
      cta: 'CTA{{n}} taps',
      ctaRate: 'CTA{{n}} rate',
    },
    failed: 'The numbers could not be read.',
  },
};

export type InsightsTexts = typeof insightsEn;
export default insightsEn;
