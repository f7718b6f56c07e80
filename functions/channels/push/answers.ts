// End User Messaging push answers as outcomes.
// An unknown failure cannot say whether the message went out: the claim stays uncertain.
import type { ProviderAnswer } from '../adapter';
import type { SendOutcome } from '../sender';

const DEAD_TOKEN = /\b(BadDeviceToken|Unregistered|NotRegistered|InvalidRegistration|UNREGISTERED|DeviceTokenNotForTopic)\b/;

const THROTTLED_ERRORS = new Set(['TooManyRequestsException', 'ThrottlingException']);
const REFUSED_ERRORS = new Set(['BadRequestException', 'NotFoundException', 'ForbiddenException', 'PayloadTooLargeException', 'MethodNotAllowedException', 'ConflictException']);

export function classifyPush(answer: ProviderAnswer): SendOutcome | undefined {
  if (answer.ok) return { kind: 'sent', providerId: answer.providerId };
  const detail = answer.detail ?? answer.code;
  switch (answer.code) {
    case 'THROTTLED':
    case 'TEMPORARY_FAILURE':
      return { kind: 'throttled' };
    case 'PERMANENT_FAILURE':
      return /^410\b/.test(detail) || DEAD_TOKEN.test(detail) ? { kind: 'dead', reason: 'STALE_PUSH_TOKEN', detail } : { kind: 'failed', reason: 'UNEXPECTED', detail };
    case 'OPT_OUT':
      return { kind: 'failed', reason: 'USER_SETTINGS_BLOCK', detail };
    case 'DUPLICATE':
      return { kind: 'failed', reason: 'UNEXPECTED', detail: `DUPLICATE ${detail}` };
    case 'UNKNOWN_FAILURE':
      return undefined;
  }
  if (THROTTLED_ERRORS.has(answer.code)) return { kind: 'throttled' };
  if (REFUSED_ERRORS.has(answer.code)) return { kind: 'failed', reason: 'UNEXPECTED', detail: `${answer.code}: ${detail}`.slice(0, 500) };
  return undefined;
}
