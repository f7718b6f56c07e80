/** Data stack: a table per DEPLOYED_ENTITIES entry, named as the runtime names it, and the assets bucket; all retained on delete. */
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, type ITable, ProjectionType, StreamViewType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { type IKey, Key } from 'aws-cdk-lib/aws-kms';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, type IBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { DEPLOYED_ENTITIES, type EntityDef, type KeyAttribute, tableName } from '../shared/entities';
import { accessLogsBucket, logServerAccess } from './logBuckets';

export interface HeraldDataStackProps extends StackProps {
  tablePrefix: string;
  entities?: readonly EntityDef[];
  customerManagedKey?: boolean;
}

const attr = (k: KeyAttribute) => ({ name: k.name, type: k.type === 'N' ? AttributeType.NUMBER : AttributeType.STRING });

/** stable construct ids, so logical ids follow the entity name */
const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export class HeraldDataStack extends Stack {
  readonly tables: ReadonlyMap<string, ITable>;
  readonly assetsBucket: IBucket;
  readonly dataKey?: IKey;

  constructor(scope: Construct, id: string, props: HeraldDataStackProps) {
    super(scope, id, props);
    // retained with the data it encrypts: without the key, retained tables and backups cannot be read
    this.dataKey = props.customerManagedKey
      ? new Key(this, 'DataKey', { description: 'Herald: tables, assets and secrets', enableKeyRotation: true, removalPolicy: RemovalPolicy.RETAIN })
      : undefined;
    // EventBridge and SNS encrypt into the queues as services, which only the key's policy can allow
    this.dataKey?.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('events.amazonaws.com'), new ServicePrincipal('sns.amazonaws.com')],
        actions: ['kms:GenerateDataKey', 'kms:Decrypt'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    );
    const tables = new Map<string, ITable>();
    for (const def of props.entities ?? DEPLOYED_ENTITIES) {
      if (tables.has(def.name)) throw new Error(`Entity "${def.name}" is registered twice`);
      // by the physical table, so a layout moved to a new table is a new resource and the old one is retained
      const table = new Table(this, `${pascal(def.table ?? def.name)}Table`, {
        tableName: tableName(props.tablePrefix, def),
        partitionKey: attr(def.partitionKey),
        sortKey: def.sortKey ? attr(def.sortKey) : undefined,
        billingMode: BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        timeToLiveAttribute: def.ttlAttribute,
        stream: def.stream ? StreamViewType.NEW_IMAGE : undefined,
        removalPolicy: RemovalPolicy.RETAIN,
        deletionProtection: true,
        ...(this.dataKey ? { encryption: TableEncryption.CUSTOMER_MANAGED, encryptionKey: this.dataKey } : {}),
      });
      for (const idx of def.indexes ?? []) {
        table.addGlobalSecondaryIndex({
          indexName: idx.name,
          partitionKey: attr(idx.partitionKey),
          sortKey: idx.sortKey ? attr(idx.sortKey) : undefined,
          projectionType: idx.projection === 'KEYS_ONLY' ? ProjectionType.KEYS_ONLY : ProjectionType.ALL,
        });
      }
      tables.set(def.name, table);
    }
    this.tables = tables;

    const assets = new Bucket(this, 'AssetsBucket', {
      ...(this.dataKey ? { encryption: BucketEncryption.KMS, encryptionKey: this.dataKey, bucketKeyEnabled: true } : { encryption: BucketEncryption.S3_MANAGED }),
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      versioned: true,
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(7), noncurrentVersionExpiration: Duration.days(30) }],
      // the portal PUTs large files straight to a presigned link: the link is the permission
      cors: [{ allowedMethods: [HttpMethods.PUT], allowedOrigins: ['*'], allowedHeaders: ['*'], maxAge: 3000 }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.assetsBucket = assets;
    // its own log bucket (web depends on api depends on data), made second to keep the assets bucket first; SSE-S3, as S3 log delivery requires
    logServerAccess(assets, accessLogsBucket(this, 'AccessLogsBucket'), 'assets-bucket');
    new CfnOutput(this, 'AssetsBucketName', { value: this.assetsBucket.bucketName });
    new CfnOutput(this, 'TablePrefix', { value: props.tablePrefix });
  }
}
