/** What every Herald function's role is allowed: its own log group, traces, and Herald's tables. */
import { Aws, type Stack } from 'aws-cdk-lib';
import { type CfnRole, type ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction, IFunction } from 'aws-cdk-lib/aws-lambda';
import type { LogGroup } from 'aws-cdk-lib/aws-logs';

/**
 * The logical ids the functions' roles had when CDK made them inside each function: a role made beside its
 * function keeps its id, so a deployed role (and the job role's ARN, which customers' trust policies name) stays.
 */
const FUNCTION_ROLE_IDS = {
  RouterFunction: 'RouterFunctionServiceRoleC0D99B26',
  JobFunction: 'JobFunctionServiceRole4A8ED768',
  DeliveryFunction: 'DeliveryFunctionServiceRoleBA84088B',
  SmsInboundFunction: 'SmsInboundFunctionServiceRoleE4F5B2B6',
} as const;

/**
 * A function's own role: Lambda may assume it, it may write its own log group (not every log group, as
 * AWSLambdaBasicExecutionRole would let it) and send traces. It keeps the id CDK gave the role it made.
 */
export function functionRole(stack: Stack, name: keyof typeof FUNCTION_ROLE_IDS, logGroup: LogGroup, tracingPolicy: ManagedPolicy): Role {
  const role = new Role(stack, `${name}Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com'), managedPolicies: [tracingPolicy] });
  (role.node.defaultChild as CfnRole).overrideLogicalId(FUNCTION_ROLE_IDS[name]);
  logGroup.grantWrite(role);
  return role;
}

/** Active X-Ray tracing on each function, set on the resource: its grant is the shared tracing policy. */
export function trace(fn: IFunction): void {
  (fn.node.defaultChild as CfnFunction).tracingConfig = { mode: 'Active' };
}

/**
 * Read and write on Herald's tables and their indexes, named by the deployment's prefix: one statement
 * however many areas there are (a grant per table overflows IAM's policy size at about fifty tables).
 */
export function tableAccess(prefix: string): PolicyStatement {
  const tables = `arn:${Aws.PARTITION}:dynamodb:${Aws.REGION}:${Aws.ACCOUNT_ID}:table/${prefix}*`;
  return new PolicyStatement({
    actions: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'dynamodb:Scan',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:ConditionCheckItem',
      'dynamodb:DescribeTable',
    ],
    resources: [tables, `${tables}/index/*`],
  });
}
