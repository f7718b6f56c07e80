/** SMS: the account's primary phone number (E.164) and its SMS consent. Not sent yet (issue 20 item 3). */
import type { ChannelAdapter } from '../adapter';
import { addressesOf } from '../addresses';
import { unwiredChannel } from '../unwired';

export const smsAdapter: ChannelAdapter<'SMS'> = {
  ...unwiredChannel('SMS'),
  async reach(accounts) {
    return accounts.map((a) => {
      const phone = addressesOf(a).phones?.[0];
      return phone ? { address: phone, consent: a.smsConsent } : { reason: 'USER_NOT_MATCHED' };
    });
  },
};
