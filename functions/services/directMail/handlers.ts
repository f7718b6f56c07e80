/**
 * Direct mail's downloads: a run's merged letters, its print manifest, or one recipient's letter, each a link that
 * works for LETTER_LINK_SECONDS; the merged letters come in files of LETTERS_PER_FILE, one link each.
 */
import { PRINTED_CHANNEL } from '../../../shared/delivery';
import type { PlanRun } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { LETTER_DOWNLOAD_MESSAGES as WORDS, LETTER_LINK_SECONDS } from '../../../shared/services/directMail';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { manifestKey, mergedKey } from '../../channels/directMail/keys';
import { ensureRunFiles } from '../../channels/directMail/runFiles';
import { tenantLedger } from '../../delivery';

const baseName = (name: string) =>
  name
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'letters';

async function runOf(ctx: AuthedContext, planId: string, runId: string | undefined): Promise<PlanRun> {
  const runsOfOrg = ctx.tenant.keyed('planRun');
  if (runId) {
    const run = await runsOfOrg.get(planId, runId);
    if (!run) throw new AppError('720003', WORDS.noRun);
    return run;
  }
  const runs = await runsOfOrg.list(planId);
  const latest = runs.sort((a, b) => b.startedAt - a.startedAt)[0];
  if (!latest) throw new AppError('720003', WORDS.notSent);
  return latest;
}

export const directMailHandlers: AreaHandlers<'directMail'> = {
  async downloadPdf(p, ctx) {
    const plan = await ctx.tenant.require('plan', p.planId);
    if (plan.channel !== PRINTED_CHANNEL) throw new AppError('720009', WORDS.notLetters);
    const run = await runOf(ctx, plan.id, p.runId);
    const ref = { orgId: ctx.tenant.orgId, planId: plan.id, runId: run.runId, shards: run.shards };
    const link = async (key: string, fileName: string, contentType: string) => ({
      url: await ctx.rt.ports.storage.signedGetUrl(key, LETTER_LINK_SECONDS, fileName),
      fileName,
      contentType,
      expiresAt: ctx.rt.clock.now() + LETTER_LINK_SECONDS * 1000,
      runId: run.runId,
    });
    const name = `${baseName(plan.name)}-${run.runId}`;
    if (p.file === 'LETTER') {
      const record = await tenantLedger(ctx.tenant).record({ ...ref, channel: PRINTED_CHANNEL, accountId: p.accountId });
      if (record?.status !== 'SENT' || !record.providerId) throw new AppError('720003', WORDS.noLetter);
      return link(record.providerId, `${name}-${baseName(p.accountId)}.pdf`, 'application/pdf');
    }
    // the run's files exist once it has ended (completed, or stopped with the letters made so far)
    if (run.status === 'RUNNING') throw new AppError('720009', WORDS.stillSending);
    const { parts } = await ensureRunFiles(ctx.tenant, ref);
    if (p.file === 'MANIFEST') return { ...(await link(manifestKey(ref), `${name}.csv`, 'text/csv')), parts };
    if (parts === 0) throw new AppError('720003', WORDS.noLetters);
    const part = p.part ?? 1;
    if (part > parts) throw new AppError('720003', WORDS.noPart);
    return { ...(await link(mergedKey(ref, part), parts > 1 ? `${name}-${part}-of-${parts}.pdf` : `${name}.pdf`, 'application/pdf')), parts };
  },
};
