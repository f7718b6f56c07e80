/**
 * The key secret. Its SecretString is `{"material": <64 random chars>, "adminPassword": "Hd@1" + <12 random
 * alphanumerics>}`: Secrets Manager generates `material` in the secret itself; the random half of the admin
 * password is generated in a second secret and pulled into the template by a CloudFormation dynamic reference,
 * so no secret value ever appears in the template. The fixed `Hd@1` prefix guarantees the password rule (upper,
 * lower, digit, one of @#$%&; 16 characters). Both secrets are retained: tables are retained, and their sealed
 * values and sessions are only readable with the same material. Never edit `generateSecretString` of
 * KeySecret once deployed: CloudFormation would generate new material.
 */
import { RemovalPolicy, type Stack } from 'aws-cdk-lib';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { acknowledge } from './nag';

/** Guarantees the password rule's classes (upper, lower, special, digit); the rest is random alphanumerics. */
export const ADMIN_PASSWORD_PREFIX = 'Hd@1';
export const ADMIN_PASSWORD_RANDOM_LENGTH = 12;

/** The key secret and the admin password's random part, made in `stack` (their logical ids are the stack's). */
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
