/**
 * Letters: the account's postal address, one line per part as it is printed. A letter needs no opt-in, so a
 * printable address is consent enough; the unsubscription list still applies. Not sent yet (issue 20 item 6).
 */
import type { ChannelAdapter } from '../adapter';
import { addressesOf, type PostalAddressView } from '../addresses';
import { unwiredChannel } from '../unwired';

function printed(p: PostalAddressView): string | undefined {
  const town = [p.city, p.region, p.postcode].filter(Boolean).join(' ');
  const body = [...(p.lines ?? []), town].filter(Boolean);
  return body.length ? [p.recipientName, ...body, p.country].filter(Boolean).join('\n') : undefined;
}

export const directMailAdapter: ChannelAdapter<'DIRECT_MAIL'> = {
  ...unwiredChannel('DIRECT_MAIL'),
  async reach(accounts) {
    return accounts.map((a) => {
      const postal = addressesOf(a).address;
      const address = postal && printed(postal);
      return address ? { address, consent: true } : { reason: 'USER_NOT_MATCHED' };
    });
  },
};
