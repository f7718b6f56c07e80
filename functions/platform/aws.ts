/**
 * One module per AWS client, configured once: region and, locally, an endpoint override. A client a request
 * seldom needs is loaded on first use: each SDK package costs a cold start tens of milliseconds to import, and a
 * static import of one anywhere in the router's graph is loaded with the bundle (esbuild hoists external imports).
 */
import { createRequire } from 'node:module';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { S3Client } from '@aws-sdk/client-s3';
import type { SESv2Client } from '@aws-sdk/client-sesv2';

// The SDK packages have no ESM entry: `require` and `import` load the very same module.
const require = createRequire(import.meta.url);

export interface Endpoints {
  dynamodb?: string;
  s3?: string;
  ses?: string;
}

export interface AwsClients {
  dynamo: DynamoDBClient;
  doc: DynamoDBDocumentClient;
  /** loaded on first use */
  s3(): Promise<S3Client>;
  /** made on first use */
  readonly ses: SESv2Client;
}

// Lambda runs Node 22; locally Node 20 is fine, so keep the SDK's Node-version notice out of every start.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** Stand-ins accept any credentials; real AWS uses the default provider chain. */
const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export function createAwsClients(region: string, endpoints: Endpoints = {}): AwsClients {
  const local = (endpoint?: string) => (endpoint ? { endpoint, credentials: LOCAL_CREDENTIALS } : {});
  const dynamo = new DynamoDBClient({ region, ...local(endpoints.dynamodb) });
  // The SDK's logger step walks every request and answer through its sensitive-data filter for a logger Herald
  // never gives it (Herald's own logger logs what matters): on a page of items, a large share of a call's CPU.
  dynamo.middlewareStack.remove('loggerMiddleware');
  const doc = DynamoDBDocumentClient.from(dynamo, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  let s3: Promise<S3Client> | undefined;
  let ses: SESv2Client | undefined;
  return {
    dynamo,
    doc,
    s3: () => (s3 ??= import('@aws-sdk/client-s3').then(({ S3Client }) => new S3Client({ region, forcePathStyle: Boolean(endpoints.s3), ...local(endpoints.s3) }))),
    get ses() {
      ses ??= new (require('@aws-sdk/client-sesv2') as typeof import('@aws-sdk/client-sesv2')).SESv2Client({ region, ...local(endpoints.ses) });
      return ses;
    },
  };
}
