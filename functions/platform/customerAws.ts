// Credentials for an organization's own AWS account (a cloud source's bucket, its SES or End User Messaging).
// Never a client without credentials: it would sign with Herald's own role, which reaches Herald's own data and
// sender.
import { unseal } from './keys';
import type { Runtime } from './runtime';

/** `expiration` (an assumed role's) lets an SDK client ask again before the credentials lapse */
export type CustomerCredentials = { accessKeyId: string; secretAccessKey: string; sessionToken?: string; expiration?: Date };

/** What an organization's AWS settings give: a role with its external id, or keys (the secret sealed). */
export interface CustomerAwsAccess {
  roleArn?: string;
  externalId?: string;
  accessKey?: string;
  secretKeySealed?: string;
  region?: string;
}

/** Why no credentials could be had: none given, a role of Herald's own account, or a role that refused. */
export class CustomerAwsRefused extends Error {
  constructor(readonly problem: 'credentials' | 'ownAccountRole' | 'roleRefused') {
    super(`The organization's AWS credentials could not be used (${problem}).`);
    this.name = 'CustomerAwsRefused';
  }
}

export const roleAccountOf = (roleArn: string) => /^arn:[^:]+:iam::([0-9]{12}):/.exec(roleArn)?.[1];

export async function customerCredentials(rt: Runtime, access: CustomerAwsAccess, sessionName: string): Promise<CustomerCredentials> {
  if (access.roleArn && access.externalId) {
    const own = rt.config.cloudSources.awsAccountId;
    if (own && roleAccountOf(access.roleArn) === own) throw new CustomerAwsRefused('ownAccountRole');
    const { AssumeRoleCommand, STSClient } = await import('@aws-sdk/client-sts');
    // (AssumeRole itself is signed by the worker's role: that is the principal the customer's trust policy names)
    const sts = new STSClient({ region: access.region || rt.config.region });
    try {
      const out = await sts.send(
        new AssumeRoleCommand({ RoleArn: access.roleArn, ExternalId: access.externalId, RoleSessionName: sessionName.slice(0, 64), DurationSeconds: 3600 }),
      );
      const c = out.Credentials;
      if (!c?.AccessKeyId || !c.SecretAccessKey) throw new CustomerAwsRefused('roleRefused');
      return { accessKeyId: c.AccessKeyId, secretAccessKey: c.SecretAccessKey, sessionToken: c.SessionToken, ...(c.Expiration ? { expiration: c.Expiration } : {}) };
    } catch (e) {
      // the usual cause is a trust policy that does not name Herald's role or this record's external id
      const name = (e as { name?: string }).name;
      if (name === 'AccessDenied' || name === 'AccessDeniedException') throw new CustomerAwsRefused('roleRefused');
      throw e;
    } finally {
      sts.destroy();
    }
  }
  if (!access.roleArn && access.accessKey && access.secretKeySealed) return { accessKeyId: access.accessKey, secretAccessKey: unseal(rt.keys, access.secretKeySealed) };
  throw new CustomerAwsRefused('credentials');
}
