/** CDK entry; settings are cdk.json context (`herald:*`, infra/config.ts). Synth runs offline with CDK_DISABLE_CLI_TELEMETRY=true. */
import { App } from 'aws-cdk-lib';
import { buildHerald } from './herald';

const app = new App();
buildHerald(app);
app.synth();
