/** `npm start`: Herald on this machine with its embedded stand-ins. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bootLocal } from './boot';

const dataDir = process.env.HERALD_DATA_DIR || '.data';
const port = Number(process.env.PORT || 3000);

const herald = await bootLocal({ dataDir, port, persistent: true, logLevel: (process.env.HERALD_LOG_LEVEL as 'info') || 'info' });
const passwordFile = join(dataDir, 'initial-admin-password.txt');
if (herald.seed.generatedAdminPassword) {
  writeFileSync(passwordFile, herald.seed.generatedAdminPassword + '\n', { mode: 0o600 });
}
const adminUser = herald.rt.config.adminUser;
console.log(`
Herald is running.
  Portal:       ${herald.portalUrl}
  Mail viewer:  ${herald.mailViewerUrl}   (mail sent through the local SES)
  Data folder:  ${dataDir}
  Sign in as:   ${adminUser}
  Password:     ${
    herald.seed.generatedAdminPassword
      ? `${herald.seed.generatedAdminPassword}   (generated on first start; also in ${passwordFile})`
      : herald.seed.seeded
        ? 'the HERALD_ADMIN_PASSWORD you set'
        : `as set on first start (HERALD_ADMIN_PASSWORD, or see ${passwordFile})`
  }
Press Ctrl-C to stop; data is kept for the next start.
`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping Herald...');
    await herald.stop();
    process.exit(0);
  });
}
