export { makeMonthlyReport, postMonthlyReports, scheduleMonthlyReports } from './monthly';
