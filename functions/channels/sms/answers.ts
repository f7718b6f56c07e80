/** End User Messaging SMS (SMS and voice v2) answers as outcomes. */
import type { ProviderAnswer } from '../adapter';
import type { SendOutcome } from '../sender';

/** the destination's own refusal: never try the number again */
const OPTED_OUT = new Set(['DESTINATION_PHONE_NUMBER_OPTED_OUT', 'CANNOT_ADD_OPTED_OUT_NUMBER']);
const DEPLOYMENT = new Set([
  'COUNTRY_NOT_ENABLED',
  'DESTINATION_COUNTRY_BLOCKED',
  'INVALID_IDENTITY_FOR_DESTINATION_COUNTRY',
  'INTERNATIONAL_SENDING_NOT_SUPPORTED',
  'PRICE_OVER_THRESHOLD',
  'SENDER_ID_NOT_REGISTERED',
  'SENDER_ID_NOT_SUPPORTED',
  'SENDER_ID_REQUIRES_REGISTRATION',
  'MAXIMUM_SIZE_EXCEEDED',
]);

export function classifySms(answer: ProviderAnswer): SendOutcome | undefined {
  if (answer.ok) return { kind: 'sent', providerId: answer.providerId };
  const detail = answer.detail ? `${answer.code}: ${answer.detail}` : answer.code;
  const reason = (answer.detail ?? '').split(/[\s:]/)[0] ?? '';
  switch (answer.code) {
    case 'ThrottlingException':
      return { kind: 'throttled' };
    case 'ConflictException':
      if (OPTED_OUT.has(reason)) return { kind: 'dead', reason: 'UNSUBSCRIBED', detail };
      return { kind: 'failed', reason: 'UNEXPECTED', detail };
    case 'ValidationException':
      if (OPTED_OUT.has(reason)) return { kind: 'dead', reason: 'UNSUBSCRIBED', detail };
      // a destination number the service cannot read or deliver to will never take a message
      if (!DEPLOYMENT.has(reason) && /DestinationPhoneNumber/.test(answer.detail ?? '')) return { kind: 'dead', reason: 'BOUNCE', detail };
      return { kind: 'failed', reason: 'UNEXPECTED', detail };
    case 'ServiceQuotaExceededException':
      // the account's monthly spend limit, or a daily limit per destination: the channel's limit (spec 001 section 8)
      return { kind: 'failed', reason: 'CHANNEL_LIMIT_REACHED', detail };
    case 'AccessDeniedException':
    case 'ResourceNotFoundException':
    // an organization's own account: its keys refused before anything was sent
    case 'UnrecognizedClientException':
    case 'InvalidClientTokenId':
    case 'InvalidSignatureException':
    case 'IncompleteSignatureException':
    case 'MissingAuthenticationTokenException':
      return { kind: 'failed', reason: 'UNEXPECTED', detail };
    default:
      return undefined;
  }
}

/** The list a dead number goes on: a number that opted out is unsubscribed, any other dead one bounced. */
export const deadSourceOf = (outcome: SendOutcome): 'UNSUBSCRIBE' | 'BOUNCE' | undefined =>
  outcome.kind === 'dead' ? (outcome.reason === 'UNSUBSCRIBED' ? 'UNSUBSCRIBE' : 'BOUNCE') : undefined;
