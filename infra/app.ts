/**
 * CDK entry (cdk.json: `npx tsx infra/app.ts`). Settings come from cdk.json context (`herald:*`, see
 * infra/config.ts); override per deploy with `-c herald:publicUrl=https://portal.example.com`.
 * Synth runs offline: `CDK_DISABLE_CLI_TELEMETRY=true npm run synth` (cdk.json also sets "cli-telemetry": false).
 */
import { App } from 'aws-cdk-lib';
import { buildHerald } from './herald';

const app = new App();
buildHerald(app);
app.synth();
