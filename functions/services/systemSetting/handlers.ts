/** System setting (/systemSetting): the organization's own setting (spec 001 3.11) and the deployment's send rates. */
import type { SystemSetting } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import type { Payload } from '../../../shared/services';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { badField } from '../../contract/problems';
import { auditNew, auditNext, checkVersion } from '../../store/audit';
import { CONDITIONS } from '../../store/store';
import { SEND_RATES_KEY } from '../../domain/sendRates';
import { SETTING_ID, viewOf } from '../../domain/organizationSetting';
import { say } from '../../../shared/i18n/say';

const OPERATORS_ORG_ID = 1;

function mayChangeRates(ctx: AuthedContext): boolean {
  return ctx.identity.orgId === OPERATORS_ORG_ID;
}

async function sendingView(ctx: AuthedContext) {
  const { rates, version } = await ctx.settings.sendRates();
  return { rates, version, editable: mayChangeRates(ctx) };
}

async function checkPresets(ctx: AuthedContext, presets: Payload<'systemSetting.save'>['featureCategoryPresets']): Promise<void> {
  const refs = presets.flatMap((p, i) => [
    ...(p.categoryId ? [{ entity: 'planCategory' as const, id: p.categoryId, path: `featureCategoryPresets.${i}.categoryId` }] : []),
    ...(p.groupId ? [{ entity: 'planGroup' as const, id: p.groupId, path: `featureCategoryPresets.${i}.groupId` }] : []),
    ...p.tagIds.map((id, j) => ({ entity: 'planTag' as const, id, path: `featureCategoryPresets.${i}.tagIds.${j}` })),
  ]);
  if (refs.length === 0) return;
  const found = await ctx.tenant.getEach(refs.map((r) => ({ entity: r.entity, id: r.id, attributes: ['id'] })));
  const missing = refs.find((_, i) => !found[i]);
  if (missing) badField(missing.path, say('form.presetReference'));
}

export const systemSettingHandlers: AreaHandlers<'systemSetting'> = {
  async detail(_p, ctx) {
    const [stored, sending] = await Promise.all([ctx.tenant.get('systemSetting', SETTING_ID), sendingView(ctx)]);
    return { organization: viewOf(stored), sending };
  },

  async save({ version, ...fields }: Payload<'systemSetting.save'>, ctx) {
    const now = ctx.rt.clock.now();
    const actor = ctx.identity.userId;
    const stored = await ctx.tenant.get('systemSetting', SETTING_ID);
    checkVersion(stored ?? { version: 0 }, version);
    // the country list is what the screens offer: the default country must be one of them
    if (fields.countryList.length > 0 && fields.defaultCountry && !fields.countryList.includes(fields.defaultCountry)) {
      badField('defaultCountry', say('form.defaultCountryListed'));
    }
    await checkPresets(ctx, fields.featureCategoryPresets);
    const next: SystemSetting = ctx.tenant.own({
      id: SETTING_ID,
      ...fields,
      countryList: [...new Set(fields.countryList)],
      testAddresses: [...new Set(fields.testAddresses)],
      ...(stored ? auditNext(stored, now, actor) : auditNew(now, actor)),
    });
    // a first save only where none exists, a later one only over the version read
    await ctx.tenant.put('systemSetting', next, stored ? CONDITIONS.versionIs(stored.version) : CONDITIONS.isNew('orgId'), '720007');
    ctx.organization.forgetZone();
    return viewOf(next);
  },

  async saveSendRates({ rates, version }, ctx) {
    if (!mayChangeRates(ctx)) throw new AppError('730001', say('request.sendRates'));
    const now = ctx.rt.clock.now();
    const actor = ctx.identity.userId;
    const stored = await ctx.settings.storedSendRates();
    checkVersion(stored ?? { version: 0 }, version);
    const next = { ...SEND_RATES_KEY, rates, ...(stored ? auditNext(stored, now, actor) : auditNew(now, actor)) };
    await ctx.settings.saveSendRates(next, stored?.version);
    return sendingView(ctx);
  },
};
