/** One module per AWS client, configured once: region and, locally, an endpoint override. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PinpointClient } from '@aws-sdk/client-pinpoint';
import { PinpointSMSVoiceV2Client } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { SESv2Client } from '@aws-sdk/client-sesv2';

export interface Endpoints {
  dynamodb?: string;
  s3?: string;
  ses?: string;
  sms?: string;
  pinpoint?: string;
  line?: string;
  apiApp?: string;
  twilio?: string;
}

export interface AwsClients {
  dynamo: DynamoDBClient;
  doc: DynamoDBDocumentClient;
  ses: SESv2Client;
  sms: PinpointSMSVoiceV2Client;
  /** made on first use: the Pinpoint SDK (69 KB) loads only in a Lambda that sends or sets up push */
  pinpoint: () => Promise<PinpointClient>;
  endpoints: Endpoints;
}

// Lambda runs Node 22; locally Node 20 is fine, so keep the SDK's Node-version notice out of every start.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export const pinpointSdk = () => import('@aws-sdk/client-pinpoint');

export function createAwsClients(region: string, endpoints: Endpoints = {}): AwsClients {
  const local = (endpoint?: string) => (endpoint ? { endpoint, credentials: LOCAL_CREDENTIALS } : {});
  const dynamo = new DynamoDBClient({ region, ...local(endpoints.dynamodb) });
  // The SDK's logger step walks every request and answer through its sensitive-data filter for a logger Herald
  // never gives it (Herald's own logger logs what matters): on a page of items, a large share of a call's CPU.
  dynamo.middlewareStack.remove('loggerMiddleware');
  const doc = DynamoDBDocumentClient.from(dynamo, {
    // the marshaller tells a map from a class instance by its `constructor`, which a map keyed by people's own
    // names (an account attribute named `constructor`) holds as a value: such a map is still a map
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true },
  });
  const ses = new SESv2Client({ region, ...local(endpoints.ses) });
  const sms = new PinpointSMSVoiceV2Client({ region, ...local(endpoints.sms) });
  let pinpoint: Promise<PinpointClient> | undefined;
  const pinpointClient = () => (pinpoint ??= pinpointSdk().then(({ PinpointClient }) => new PinpointClient({ region, ...local(endpoints.pinpoint) })));
  return { dynamo, doc, ses, sms, pinpoint: pinpointClient, endpoints };
}
