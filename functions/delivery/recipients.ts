// Accounts as a channel's recipients: an account reached at several addresses (push devices) is one recipient per
// address, and carries the preset values the message asks for.
import type { Account } from '../../shared/entities';
import type { Channel } from '../../shared/delivery';
import { adapterOf } from '../channels';
import { localeOfCountry } from '../domain/languageAnalysis';
import { organizationSettingOf } from '../domain/organizationSetting';
import { presetTokens, presetValues } from '../domain/presetValues';
import type { Store } from '../store/store';
import type { Recipient } from './messages';

export async function recipientsOf(store: Store, orgId: number, channel: Channel, accounts: readonly Account[], content: unknown): Promise<Recipient[]> {
  const tenant = store.forOrg(orgId);
  const reach = await adapterOf(channel).reach([...accounts], tenant);
  // the setting is read only for a page with an account that names no locale
  const analyse = accounts.some((a) => !a.locale) && (await organizationSettingOf(tenant)).languageAnalysis;
  const reached = accounts.flatMap((account, i) => {
    const r = reach[i]!;
    if (!('address' in r)) return [];
    return [r, ...(r.more ?? [])].map((t) => {
      const recipient: Recipient = {
        accountId: account.id,
        ...(t.target ? { target: t.target } : {}),
        ...(t.os ? { os: t.os } : {}),
        address: t.address,
        locale: account.locale ?? (analyse ? localeOfCountry(account.country) : undefined),
        ...(account.timeZone ? { timeZone: account.timeZone } : {}),
        firstName: account.firstName,
        lastName: account.lastName,
        consent: t.consent,
        ...(t.skip ? { skip: t.skip } : {}),
        attributes: account.attributes,
      };
      return { account, recipient };
    });
  });
  // the preset values the message asks for, read for the page's recipients at once and carried with each
  const presets = await presetValues(
    store.forOrg(orgId),
    presetTokens(JSON.stringify(content)),
    reached.map((x) => x.account),
  );
  return reached.map(({ account, recipient }) => {
    const preset = presets.get(account.id);
    return preset ? { ...recipient, preset } : recipient;
  });
}
