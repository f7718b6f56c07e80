/** LINE: the account's LINE user id and its LINE consent. Not sent yet (issue 20 item 5). */
import type { ChannelAdapter } from '../adapter';
import { addressesOf } from '../addresses';
import { unwiredChannel } from '../unwired';

export const lineAdapter: ChannelAdapter<'LINE'> = {
  ...unwiredChannel('LINE'),
  async reach(accounts) {
    return accounts.map((a) => {
      const userId = addressesOf(a).lineUserId;
      return userId ? { address: userId, consent: a.lineConsent } : { reason: 'USER_NOT_MATCHED' };
    });
  },
};
