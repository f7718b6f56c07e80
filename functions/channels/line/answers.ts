/** LINE Messaging API answers as outcomes (https://developers.line.biz/en/reference/messaging-api/#status-codes). */
import type { ProviderAnswer } from '../adapter';
import type { SendOutcome } from '../sender';

/** How LINE says the user cannot receive from the account: not a friend, or blocked it. */
const NOT_A_FRIEND = /hasn't added|has not added|blocked/i;
const BAD_TO = /property, 'to'|'to' in the request body is invalid/i;

export function classifyLine(answer: ProviderAnswer): SendOutcome | undefined {
  if (answer.ok) return { kind: 'sent', providerId: answer.providerId };
  const detail = (answer.detail ?? '').slice(0, 500);
  switch (answer.code) {
    case '429':
      // the monthly message quota is a limit of the channel, not a rate: waiting seconds does not help
      return /monthly limit/i.test(detail) ? { kind: 'failed', reason: 'CHANNEL_LIMIT_REACHED', detail } : { kind: 'throttled' };
    case '401':
    case '403':
      return { kind: 'failed', reason: 'UNEXPECTED', detail: `LINE refused the channel access token (${answer.code}): ${detail}` };
    case '400':
      if (NOT_A_FRIEND.test(detail)) return { kind: 'dead', reason: 'USER_SETTINGS_BLOCK', detail };
      if (BAD_TO.test(detail)) return { kind: 'failed', reason: 'USER_NOT_FOUND', detail };
      return { kind: 'failed', reason: 'UNEXPECTED', detail };
    case 'NO_TOKEN':
      return { kind: 'failed', reason: 'UNEXPECTED', detail };
    default:
      // a 5xx or a network error: LINE may have taken the message
      return undefined;
  }
}
