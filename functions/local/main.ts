/** `npm start`: Herald on this machine with its embedded stand-ins. */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildWebIfChanged } from './buildWeb';
import { startStandIns } from './standins';
import { TWILIO_LOCAL_ACCOUNT } from '../channels/sms/standIns/twilio';
import { EMAIL_API_PATH, EMAIL_API_STAND_IN_KEY } from '../channels/email/standIns/emailApi';
import { SMTP_STAND_IN_PASSWORD, SMTP_STAND_IN_USER } from '../channels/email/standIns/smtp';

const dataDir = process.env.HERALD_DATA_DIR || '.data';
const port = Number(process.env.PORT || 3000);
const mailViewerPort = Number(process.env.HERALD_MAIL_VIEWER_PORT || 8005);

const web = buildWebIfChanged();
const webBuilt = web.done.then(
  () => true,
  (e: Error) => {
    if (!stopping) console.error(e.message);
    return false;
  },
);
const standingUp = startStandIns({ dataDir: resolve(dataDir), persistent: true, mailViewerPort });
const booting = (async () => {
  const [{ bootLocal }, standIns] = await Promise.all([import('./boot'), standingUp]);
  return bootLocal({ dataDir, port, standIns, logLevel: (process.env.HERALD_LOG_LEVEL as 'info') || 'info', redeliverAtStart: true });
})();

let stopping = false;
async function stop(why: string, exitCode = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`Stopping Herald (${why})...`);
  web.stop();
  await (await booting.catch(() => undefined))?.stop();
  await (await standingUp.catch(() => undefined))?.stop();
  process.exit(exitCode);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));

// npm forwards Ctrl-C and SIGTERM to Herald (the start script execs it); killed outright, npm forwards nothing
// and Herald would hold its ports with nobody to stop it. It then has a new parent, and stops as on Ctrl-C.
if (process.env.npm_lifecycle_event === 'start') {
  const npm = process.ppid;
  setInterval(() => process.ppid !== npm && void stop('npm has gone'), 1000).unref();
}

const herald = await booting.catch(async (e: unknown) => {
  await stop(`it did not start: ${e instanceof Error ? e.message : String(e)}`, 1);
  throw e;
});
if (!(await webBuilt)) await stop('the web app did not build', 1);
const passwordFile = join(dataDir, 'initial-admin-password.txt');
if (herald.seed.generatedAdminPassword) {
  writeFileSync(passwordFile, herald.seed.generatedAdminPassword + '\n', { mode: 0o600 });
}
const adminUser = herald.rt.config.adminUser;
if (!stopping)
  console.log(`
Herald is running.
  Portal:          ${herald.portalUrl}
  Message viewer:  ${herald.mailViewerUrl}   (a tab per channel: email, SMS, push, API apps, LINE, letters)
  What each stand-in received, as JSON:
    SMS:           ${herald.standIns.endpoints.sms}/_standin/received
    Twilio:        ${herald.standIns.endpoints.twilio}/_standin/received   (account ${TWILIO_LOCAL_ACCOUNT.sid}, token ${TWILIO_LOCAL_ACCOUNT.token})
    Push:          ${herald.standIns.endpoints.pinpoint}/_standin/received
    LINE:          ${herald.standIns.endpoints.line}/_standin/received
    API apps:      ${herald.standIns.endpoints.apiApp}/_standin/received   (push endpoints /push/oauth, /push/api-key, /push/bearer, /push/basic; OAuth tokens at /oauth/token; credentials in functions/channels/push/standIns/apiApp.ts)
    SMTP:          ${herald.standIns.mailProviders.smtp}/_standin/received
    E-mail API:    ${herald.standIns.mailProviders.emailApi}/_standin/received
  An organization's own e-mail provider, locally:
    SMTP:          host ${herald.standIns.mailProviders.smtpHost}, port ${herald.standIns.mailProviders.smtpPort} (STARTTLS) or ${herald.standIns.mailProviders.smtpTlsPort} (TLS), user ${SMTP_STAND_IN_USER}, password ${SMTP_STAND_IN_PASSWORD}
    E-mail API:    ${herald.standIns.mailProviders.emailApi}${EMAIL_API_PATH}, API key ${EMAIL_API_STAND_IN_KEY}
  Data folder:     ${dataDir}
  Sign in as:      ${adminUser}
  Password:        ${
    herald.seed.generatedAdminPassword
      ? `${herald.seed.generatedAdminPassword}   (generated on first start; also in ${passwordFile})`
      : herald.seed.seeded
        ? 'the HERALD_ADMIN_PASSWORD you set'
        : `as set on first start (HERALD_ADMIN_PASSWORD, or see ${passwordFile})`
  }
Press Ctrl-C to stop; data is kept for the next start.
`);
