/**
 * The account fields the channels beyond email reach people at (issue 20 item 2 adds them to the account);
 * read as optional so a channel compiles and answers "not matched" before they exist.
 */
import type { Account } from '../../shared/entities';

export interface PostalAddressView {
  recipientName?: string;
  lines?: string[];
  city?: string;
  region?: string;
  postcode?: string;
  country?: string;
}

export interface AccountAddresses {
  /** E.164, the first the primary one */
  phones?: readonly string[];
  lineUserId?: string;
  address?: PostalAddressView;
}

export const addressesOf = (account: Account): AccountAddresses => account as Account & AccountAddresses;
