import { CHANNEL_CAPABILITIES, MENU_CHANNELS } from '../../../shared/delivery';
import { say } from '../../../shared/i18n/say';
import type { Configuration } from '../../../shared/services';
import type { AuthedContext } from '../../contract/context';
import { organizationSettingOf } from '../../domain/organizationSetting';

const optionsOf = (names: Record<string, string>) => Object.entries(names).map(([code, name]) => ({ code, name }));

export async function configurationFor(ctx: AuthedContext): Promise<Configuration> {
  const [org, setting] = await Promise.all([ctx.organization.get(), organizationSettingOf(ctx.tenant)]);
  return {
    // the caller's organization, always known here: no fallback to another
    orgId: ctx.identity.orgId,
    orgIconUrl: org?.icon ?? '',
    nativeTypes: optionsOf({ html: 'HTML', text: 'Text', url: 'URL', native: 'Native', rating: 'Rating', recall: 'Recall', dataIntegration: 'Data integration', empty: 'Empty' }),
    // every member's locale defaults (read by the schedule, the date display and new templates), the push
    // preview's app name and the countries offered where one is chosen (docs/settings.md)
    systemSetting: {
      defaultLanguage: setting.defaultLanguage,
      defaultTimeZone: setting.defaultTimeZone,
      previewAppName: setting.previewAppName,
      countryList: setting.countryList,
      // where numbers without a country code are, as the import screen first offers it
      defaultCountry: setting.defaultCountry,
      // offered where a message is classified, to every author (docs/settings.md)
      featureCategoryPresets: setting.featureCategoryPresets,
      // the SMS editor's cost beside its part count
      smsPrices: setting.smsPrices,
      currency: setting.currency,
    },
    systemBaseSetting: {
      version: '4.1.0',
      supportSendMultiDevicesPerUser: org?.supportSendMultiDevicesPerUser ?? false,
      // the place pickers' map tiles (empty: a plain latitude/longitude grid)
      mapTileUrl: ctx.rt.config.mapTiles.url,
      mapAttribution: ctx.rt.config.mapTiles.attribution,
    },
    emailBuilderInfo: { maxWidth: 600, smallScreenMaxWidth: 393 },
    htmlBuilderInfo: {},
    // every channel, by its English name as the documents write it
    pushChannelTypes: MENU_CHANNELS.map((code) => ({ code, name: say(`report.${code}`) })),
    // the channels an organization's own provider sends, each tested from the provider's settings
    sendTestTargets: MENU_CHANNELS.filter((c) => CHANNEL_CAPABILITIES[c].ownProviders).map((code) => ({ code, name: say(`report.${code}`) })),
    notificationButtonActions: optionsOf({ website: 'Website', openPage: 'Open page', call: 'Call', close: 'Close', upgrade: 'Upgrade', requireLogin: 'Require login' }),
    queryType: optionsOf({ string: 'String', number: 'Number', enum: 'Enum', date: 'Date', boolean: 'Boolean' }),
    pushSettingInfo: {},
  };
}
