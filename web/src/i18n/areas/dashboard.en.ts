/**
 * The texts of the dashboard (/dashboard) in English. Registered when the page loads (./dashboard.ts), so the
 * sign-in route does not carry them.
 */
const dashboardEn = {
  dashboard: {
    welcome: 'Welcome, {{name}}',
    intro: 'Here is your workspace at a glance.',
    organization: 'Organization',
    role: 'Role',
    permissions: 'Permissions',
    channels: 'Channels',
    yourOrganizations: 'Your organizations',
    current: 'Current',
    quickLinks: 'Where you can go',
    noAreas: 'Your role opens no other areas yet. Ask an administrator for permissions.',
  },
};

export type DashboardTexts = typeof dashboardEn;
export default dashboardEn;
