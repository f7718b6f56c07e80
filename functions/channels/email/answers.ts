/** SES answers as outcomes: throttling is `throttled` (nothing was sent), a refused message `failed`. */
import type { ProviderAnswer } from '../adapter';
import type { SendOutcome } from '../sender';

const THROTTLED = new Set(['TooManyRequestsException', 'LimitExceededException', 'ThrottlingException', 'SendingPausedException']);
const REFUSED = new Set([
  'MessageRejected',
  'BadRequestException',
  'MailFromDomainNotVerifiedException',
  'AccountSuspendedException',
  // an organization's own account: its keys or role refused, or its configuration set missing (nothing was sent)
  'AccessDeniedException',
  'UnrecognizedClientException',
  'InvalidClientTokenId',
  'InvalidSignatureException',
  'NotFoundException',
]);

export function classifySes(answer: ProviderAnswer): SendOutcome | undefined {
  if (answer.ok) return { kind: 'sent', providerId: answer.providerId };
  if (THROTTLED.has(answer.code)) return { kind: 'throttled' };
  if (REFUSED.has(answer.code)) return { kind: 'failed', reason: 'UNEXPECTED', detail: answer.detail ? `${answer.code}: ${answer.detail}` : answer.code };
  return undefined;
}
