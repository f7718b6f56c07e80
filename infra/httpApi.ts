/** The HTTP API that routes /service paths to the router; CloudFront is its only caller (infra/webStack.ts). */
import { RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { type CfnStage, HttpApi, HttpMethod, PayloadFormatVersion } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { PATHS } from '../shared/paths';
import { SDK_BASE_PATH, SDK_OPENAPI_PATH } from '../shared/sdk/contract';
import { acknowledge } from './nag';

export const API_ROUTES: readonly { path: string; method: HttpMethod }[] = [
  { path: PATHS.api, method: HttpMethod.POST },
  { path: PATHS.init, method: HttpMethod.POST },
  { path: PATHS.webConfig, method: HttpMethod.GET },
  { path: `${PATHS.tracking}/{proxy+}`, method: HttpMethod.GET },
  { path: `${PATHS.tracking}/{proxy+}`, method: HttpMethod.POST },
  // spec 000 section 7
  { path: PATHS.upload, method: HttpMethod.POST },
  { path: `${PATHS.upload}Form`, method: HttpMethod.POST },
  { path: `${PATHS.upload}/uploadS3`, method: HttpMethod.POST },
  { path: `${PATHS.upload}/uploadS3Form`, method: HttpMethod.POST },
  { path: `${PATHS.assets}/{proxy+}`, method: HttpMethod.GET },
  { path: `${SDK_BASE_PATH}/{proxy+}`, method: HttpMethod.POST },
  { path: SDK_OPENAPI_PATH, method: HttpMethod.GET },
  { path: `${PATHS.hooks}/{proxy+}`, method: HttpMethod.POST },
  { path: `${PATHS.twilio}/{proxy+}`, method: HttpMethod.POST },
];

export function routerApi(stack: Stack, routerFunction: IFunction, retention: RetentionDays): HttpApi {
  const httpApi = new HttpApi(stack, 'HttpApi', {
    apiName: `${stack.stackName}-api`,
    description: 'Herald portal API (reached through CloudFront at /service/*)',
    createDefaultStage: true,
  });
  const integration = new HttpLambdaIntegration('RouterIntegration', routerFunction, {
    payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
  });
  for (const route of API_ROUTES) httpApi.addRoutes({ path: route.path, methods: [route.method], integration });
  acknowledge(
    httpApi,
    "The router authorizes every request itself (spec 000: the envelope's app key and signature, then the session; the SDK's signed calls; tracking links carry their own signed token): an API Gateway authorizer would add a second Lambda call per request and could not see the envelope",
    'AwsSolutions-APIG4',
  );

  const accessLogs = new LogGroup(stack, 'ApiAccessLogs', { retention, removalPolicy: RemovalPolicy.DESTROY });
  const stage = httpApi.defaultStage?.node.defaultChild as CfnStage;
  stage.accessLogSettings = {
    destinationArn: accessLogs.logGroupArn,
    format: JSON.stringify({
      requestId: '$context.requestId',
      time: '$context.requestTime',
      method: '$context.httpMethod',
      path: '$context.path',
      status: '$context.status',
      latencyMs: '$context.responseLatency',
      integrationError: '$context.integrationErrorMessage',
    }),
  };
  stage.defaultRouteSettings = { throttlingBurstLimit: 500, throttlingRateLimit: 200 };
  return httpApi;
}
