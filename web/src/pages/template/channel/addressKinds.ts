/**
 * What each channel's address is, as the web shows and asks for it: a phone number is shown in the national form
 * of the organization's country and typed on a phone keypad, an e-mail address on an e-mail one. A channel
 * missing here does not compile.
 */
import type { Channel } from '../../../../../shared/delivery';

export type AddressKind = 'phone' | 'email' | 'other';

export const ADDRESS_KINDS: Record<Channel, AddressKind> = {
  PUSH_NATIVE: 'other',
  SMS: 'phone',
  EMAIL: 'email',
  DIRECT_MAIL: 'other',
  LINE: 'other',
};

/** A channel named by a record (a send, a provider), if it is one. */
export const addressKindOf = (channel: unknown): AddressKind =>
  typeof channel === 'string' && Object.hasOwn(ADDRESS_KINDS, channel) ? ADDRESS_KINDS[channel as Channel] : 'other';
