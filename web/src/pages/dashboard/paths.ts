/** Where the dashboard groups live (spec 000 section 2): the list, and a group's sub-dashboard by `?groupId=`. */
export const DASHBOARD_GROUPS_PATH = '/dashboard/groups';
export const SUB_DASHBOARD_PATH = '/dashboard/subDashboard';

export const subDashboardPath = (groupId: string) => `${SUB_DASHBOARD_PATH}?groupId=${encodeURIComponent(groupId)}`;
