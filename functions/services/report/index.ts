export { makeMonthlyReport, postMonthlyReports, scheduleMonthlyReports } from './monthly';
export { makeRequestedReport } from './requested';
