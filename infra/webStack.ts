/**
 * Web stack: one CloudFront address for the web build (/portalui/*, private S3 via OAC) and the HTTP API (/service/*, uncached).
 * A placeholder page is deployed when web/dist is missing (synth before `npm run build:web`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Annotations, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, type ISource, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { contentSecurityPolicy } from '../functions/platform/securityHeaders';
import { accessLogsBucket, logServerAccess } from './logBuckets';
import { acknowledge } from './nag';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const WEB_PREFIX = 'portalui';

export interface HeraldWebStackProps extends StackProps {
  apiDomainName: string;
  uploadOrigin?: string;
  webDist?: string;
}

const PLACEHOLDER_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Herald</title></head>
<body><p>Herald: the web build was not found when this stack was synthesized. Run <code>npm run build:web</code> and deploy again.</p></body></html>
`;

export const ROOT_REDIRECT = `function handler(event) {
  return { statusCode: 302, statusDescription: 'Found',
    headers: { location: { value: '/${WEB_PREFIX}/' }, 'cache-control': { value: 'no-store' } } };
}`;

export const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last === '' || last.indexOf('.') === -1) request.uri = '/${WEB_PREFIX}/index.html';
  return request;
}`;

/** API Gateway sees only CloudFront's address, and a viewer's header could be forged: CloudFront overwrites it. */
export const VIEWER_IP_HEADER = 'x-herald-viewer-ip';
export const VIEWER_IP = `function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;

export class HeraldWebStack extends Stack {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: HeraldWebStackProps) {
    super(scope, id, props);

    const bucket = new Bucket(this, 'WebBucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      // only build output lives here; a week of earlier versions undoes a bad deploy
      versioned: true,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(7), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    // made after the web bucket, so the web bucket stays the template's first
    const logs = accessLogsBucket(this, 'AccessLogsBucket');
    logServerAccess(bucket, logs, 'web-bucket');

    const webOrigin = S3BucketOrigin.withOriginAccessControl(bucket);
    const apiOrigin = new HttpOrigin(props.apiDomainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
    });
    // the same header set the local server sends (functions/platform/securityHeaders.ts)
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Herald: CSP, nosniff, frame and referrer policy, HSTS',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(props.uploadOrigin ? [props.uploadOrigin] : []), override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), override: true },
      },
    });
    const viewerFunction = (fid: string, code: string, comment: string) => ({
      function: new CloudFrontFunction(this, fid, { code: FunctionCode.fromInline(code), runtime: FunctionRuntime.JS_2_0, comment }),
      eventType: FunctionEventType.VIEWER_REQUEST,
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Herald portal',
      httpVersion: HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: webOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [viewerFunction('RootRedirect', ROOT_REDIRECT, `Redirect to /${WEB_PREFIX}/`)],
      },
      additionalBehaviors: {
        [`/${WEB_PREFIX}/*`]: {
          origin: webOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: securityHeaders,
          compress: true,
          functionAssociations: [viewerFunction('SpaRewrite', SPA_REWRITE, 'Client-side routes to index.html')],
        },
        '/service/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [viewerFunction('ViewerIp', VIEWER_IP, 'Pass the viewer address to the API')],
        },
      },
    });

    acknowledge(
      this.distribution,
      'Herald serves organizations wherever they are; an operator restricts countries with CloudFront geographic restrictions if the deployment must',
      'AwsSolutions-CFR1',
    );
    acknowledge(
      this.distribution,
      "The API limits sign-in attempts and request rates itself (spec 000) and API Gateway throttles the stage; a WAF web ACL (about USD 5 a month plus USD 1 a rule) is an operator's choice, docs/deploy.md",
      'AwsSolutions-CFR2',
    );
    acknowledge(
      this.distribution,
      'The distribution answers on its *.cloudfront.net name, whose default certificate CloudFront keeps at TLSv1 for old viewers; a custom domain with its own certificate (docs/deploy.md) sets TLSv1.2_2021',
      'AwsSolutions-CFR4',
    );

    const dist = props.webDist ?? join(ROOT, 'web/dist');
    let sources: ISource[];
    if (existsSync(join(dist, 'index.html'))) {
      sources = [Source.asset(dist)];
    } else {
      Annotations.of(this).addWarningV2('herald:webDistMissing', `${dist} has no index.html: deploying a placeholder page`);
      sources = [Source.data('index.html', PLACEHOLDER_HTML)];
    }
    new BucketDeployment(this, 'DeployWeb', {
      sources,
      destinationBucket: bucket,
      destinationKeyPrefix: `${WEB_PREFIX}/`,
      distribution: this.distribution,
      distributionPaths: [`/${WEB_PREFIX}/*`],
      memoryLimit: 512,
    });

    const copier = this.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (copier) {
      const webBucketId = this.getLogicalId(bucket.node.defaultChild as CfnBucket);
      acknowledge(
        copier,
        "CDK's BucketDeployment function: runtime, version and role are CDK's and change with CDK, not with Herald",
        'AwsSolutions-L1',
        'Serverless-LambdaLatestVersion',
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      );
      acknowledge(
        copier,
        'Runs once per deploy, invoked by CloudFormation, which reports a failure itself; nothing to trace or to redrive',
        'Serverless-LambdaDLQ',
        'Serverless-LambdaTracing',
      );
      acknowledge(
        copier,
        "CDK's grants for copying the build: read the CDK asset bucket's objects (names unknown until deploy) and write the web bucket's; CloudFront invalidations name no resource",
        ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map((a) => `AwsSolutions-IAM5[Action::${a}]`),
        'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]',
        `AwsSolutions-IAM5[Resource::<${webBucketId}.Arn>/*]`,
        'AwsSolutions-IAM5[Resource::*]',
      );
    }

    new CfnOutput(this, 'PortalUrl', { value: `https://${this.distribution.distributionDomainName}/${WEB_PREFIX}/` });
    new CfnOutput(this, 'DistributionDomainName', { value: this.distribution.distributionDomainName });
  }
}
