/**
 * The admin password's random half comes by dynamic reference, so no secret value appears in the template; both secrets retained.
 * Never edit `generateSecretString` once deployed: new material would leave sealed values and sessions unreadable.
 */
import { RemovalPolicy, type Stack } from 'aws-cdk-lib';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { acknowledge } from './nag';

/** Guarantees the password rule's classes; the rest is random alphanumerics. */
export const ADMIN_PASSWORD_PREFIX = 'Hd@1';
export const ADMIN_PASSWORD_RANDOM_LENGTH = 12;

export function keySecret(stack: Stack, dataKey: IKey | undefined): Secret {
  const adminPasswordPart = new Secret(stack, 'AdminPasswordPart', {
    description: 'Herald: random part of the initial administrator password (see KeySecret adminPassword)',
    generateSecretString: {
      passwordLength: ADMIN_PASSWORD_RANDOM_LENGTH,
      excludePunctuation: true,
      includeSpace: false,
      requireEachIncludedType: true,
    },
    encryptionKey: dataKey,
    removalPolicy: RemovalPolicy.RETAIN,
  });
  acknowledge(adminPasswordPart, 'Read once, at the first deploy, into the initial administrator password, which the administrator changes at first sign-in', 'AwsSolutions-SMG4');
  const secret = new Secret(stack, 'KeySecret', {
    description: 'Herald: key material (JWT signing, sealing) and the initial administrator password',
    generateSecretString: {
      secretStringTemplate: stack.toJsonString({
        adminPassword: `${ADMIN_PASSWORD_PREFIX}${adminPasswordPart.secretValue.unsafeUnwrap()}`,
      }),
      generateStringKey: 'material',
      passwordLength: 64,
      excludePunctuation: true,
      includeSpace: false,
    },
    encryptionKey: dataKey,
    removalPolicy: RemovalPolicy.RETAIN,
  });
  acknowledge(
    secret,
    'The material seals stored values and signs sessions: rotating it makes every sealed value unreadable, so it is never rotated on a timer (docs/deploy.md, first deploy)',
    'AwsSolutions-SMG4',
  );
  return secret;
}
