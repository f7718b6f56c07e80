import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { acknowledge } from './nag';

/** long enough to look into an incident reported a quarter later */
export const ACCESS_LOG_DAYS = 90;

export function accessLogsBucket(scope: Construct, id: string): Bucket {
  const bucket = new Bucket(scope, id, {
    // CloudFront's standard logs are written with an ACL; S3 logs accept SSE-S3 only
    objectOwnership: ObjectOwnership.OBJECT_WRITER,
    encryption: BucketEncryption.S3_MANAGED,
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    versioned: true,
    lifecycleRules: [{ expiration: Duration.days(ACCESS_LOG_DAYS), noncurrentVersionExpiration: Duration.days(1), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    removalPolicy: RemovalPolicy.RETAIN,
  });
  acknowledge(bucket, 'This is the access-log bucket: logging its own access would log each log delivery, without end', 'AwsSolutions-S1');
  return bucket;
}

/** Set on the L1 so the log bucket can be made after its source, which stays the template's first bucket. */
export function logServerAccess(source: Bucket, logs: Bucket, prefix: string): void {
  (source.node.defaultChild as CfnBucket).loggingConfiguration = { destinationBucketName: logs.bucketName, logFilePrefix: `${prefix}/` };
  logs.addToResourcePolicy(
    new PolicyStatement({
      principals: [new ServicePrincipal('logging.s3.amazonaws.com')],
      actions: ['s3:PutObject'],
      resources: [logs.arnForObjects(`${prefix}/*`)],
      conditions: { ArnLike: { 'aws:SourceArn': source.bucketArn }, StringEquals: { 'aws:SourceAccount': Stack.of(source).account } },
    }),
  );
}
