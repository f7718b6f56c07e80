/** Herald's three stacks: data -> api -> web; environment-agnostic, so synth needs no AWS account. */
import { type App, Tags } from 'aws-cdk-lib';
import { HeraldApiStack } from './apiStack';
import { type HeraldConfig, readConfig } from './config';
import { HeraldDataStack } from './dataStack';
import { HeraldWebStack } from './webStack';

export interface HeraldStacks {
  config: HeraldConfig;
  data: HeraldDataStack;
  api: HeraldApiStack;
  web: HeraldWebStack;
}

export function buildHerald(app: App, overrides: Partial<HeraldConfig> & { webDist?: string } = {}): HeraldStacks {
  const { webDist, ...configOverrides } = overrides;
  const config = readConfig(app.node, configOverrides);
  const data = new HeraldDataStack(app, 'HeraldData', {
    description: 'Herald: DynamoDB tables (one per registered entity) and the assets bucket',
    tablePrefix: config.tablePrefix,
    customerManagedKey: config.customerManagedKey === 'true',
  });
  const api = new HeraldApiStack(app, 'HeraldApi', {
    description: 'Herald: key secret, router Lambda and HTTP API',
    config,
    tables: [...data.tables.values()],
    accountTable: data.tables.get('account'),
    storageBucket: data.assetsBucket,
    dataKey: data.dataKey,
  });
  const web = new HeraldWebStack(app, 'HeraldWeb', {
    description: 'Herald: web build on S3 behind CloudFront (/portalui/*, /service/* -> API)',
    apiDomainName: api.apiDomainName,
    // presigned links are virtual-hosted on the bucket's regional name
    uploadOrigin: `https://${data.assetsBucket.bucketRegionalDomainName}`,
    webDist,
  });
  Tags.of(app).add('application', 'herald');
  return { config, data, api, web };
}
