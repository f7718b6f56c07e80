/** The bucket each stack's access logs go to (S3 server access logs, CloudFront standard logs). */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { acknowledge } from './nag';

/** Days access logs are kept: long enough to look into an incident reported a quarter later. */
export const ACCESS_LOG_DAYS = 90;

export function accessLogsBucket(scope: Construct, id: string): Bucket {
  const bucket = new Bucket(scope, id, {
    // CloudFront's standard logs are written with an ACL, so the bucket keeps object ACLs; S3 logs accept SSE-S3 only
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
