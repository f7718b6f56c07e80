/** The account fields the channels beyond email reach people at (issue 20 item 2 adds them to the account). */
import type { Account } from '../../shared/entities';
import type { Reach } from './adapter';

export interface PostalAddressView {
  recipientName?: string;
  lines?: string[];
  city?: string;
  region?: string;
  postcode?: string;
  country?: string;
}

export interface AccountAddresses {
  phones?: readonly string[];
  lineUserId?: string;
  address?: PostalAddressView;
}

export const addressesOf = (account: Account): AccountAddresses => account as Account & AccountAddresses;

export const reachByAddress =
  (addressOf: (account: Account) => string | undefined, consentOf: (account: Account) => boolean) =>
  async (accounts: readonly Account[]): Promise<Reach[]> =>
    accounts.map((a) => {
      const address = addressOf(a);
      return address ? { address, consent: consentOf(a) } : { reason: 'USER_NOT_MATCHED' };
    });
