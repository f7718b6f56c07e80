/**
 * Push: the push token of the account's most recently updated active device, and its push consent; a device
 * whose notifications the person turned off counts as no consent. Not sent yet (issue 20 item 4 sends one
 * message per active device).
 */
import { type Device, deviceKeyOf } from '../../../shared/entities';
import type { ChannelAdapter, Reach } from '../adapter';
import { unwiredChannel } from '../unwired';

export const pushAdapter: ChannelAdapter<'PUSH_NATIVE'> = {
  ...unwiredChannel('PUSH_NATIVE'),
  async reach(accounts, { store, orgId }) {
    return Promise.all(
      accounts.map(async (a): Promise<Reach> => {
        const devices: Device[] = await store.queryAll('device', { name: 'accountKey', value: deviceKeyOf(orgId, a.id) });
        if (devices.length === 0) return { reason: 'USER_NOT_MATCHED' };
        const live = devices.filter((d) => d.active && d.pushToken).sort((x, y) => y.dateUpdated - x.dateUpdated)[0];
        if (!live?.pushToken) return { reason: 'APP_UNINSTALLED' };
        return { address: live.pushToken, consent: a.pushConsent && live.permission !== 'NOT_ALLOW' };
      }),
    );
  },
};
