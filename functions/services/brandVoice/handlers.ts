/** The AI brand voice (/library/ai-brand-voice) and the AI message composer. */
import type { Readable } from 'node:stream';
import * as z from 'zod';
import { BRAND_VOICE_ID, type BrandVoice, brandVoiceFields, generatedVoiceSchema } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { MESSAGE_GENERATE_SUCCESS, type Payload } from '../../../shared/services';
import { sniffType, UPLOAD_MESSAGES } from '../../../shared/uploads';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { isStorageRefusal } from '../../platform/storage';
import { auditNew, auditNext, checkVersion } from '../../store/audit';
import { CONDITIONS } from '../../store/store';
import { assetKey } from '../asset';
import { parseAnswer, templateFromAnswer } from './compose';
import { brandBriefOf, messagePrompt, personaPrompt } from './prompt';
import { countGeneration } from './usage';

const FIELD_DEFAULTS = z.object(brandVoiceFields).parse({});

function viewOf(voice: BrandVoice | undefined) {
  if (!voice) return { ...FIELD_DEFAULTS, version: 0, generated: null };
  const { orgId: _o, id: _i, createdBy: _c, updatedBy: _u, dateCreated: _dc, dateUpdated: _du, generated, ...fields } = voice;
  return { ...fields, generated: generated ?? null };
}

async function firstBytes(body: Readable): Promise<Uint8Array> {
  for await (const chunk of body as AsyncIterable<Buffer>) {
    body.destroy();
    return new Uint8Array(chunk.subarray(0, 8));
  }
  return new Uint8Array();
}

/** Each reference material is a PDF of the organization's private assets, by its bytes. */
async function assertPdfSamples(ctx: AuthedContext, samples: readonly string[]): Promise<void> {
  const notPdf = () => new AppError('400016', `samples: ${UPLOAD_MESSAGES.wrongFile}`);
  for (const path of samples) {
    const key = assetKey(ctx.tenant.orgId, path, { accessible: false, field: 'samples' });
    let head: Uint8Array;
    try {
      const object = await ctx.rt.ports.storage.get(key);
      head = object ? await firstBytes(object.body) : new Uint8Array();
    } catch (e) {
      // storage refusing the key as malformed (S3 answers 400) is a path that holds no file of ours; its own faults stay faults
      if (isStorageRefusal(e)) throw notPdf();
      throw e;
    }
    if (sniffType(head) !== 'pdf') throw notPdf();
  }
}

function modelOf(ctx: AuthedContext, voice: BrandVoice | undefined): string {
  return voice?.modelId || ctx.rt.config.ai.modelId;
}

export const brandVoiceHandlers: AreaHandlers<'brandVoice'> = {
  async detail(_p, ctx) {
    return viewOf(await ctx.tenant.get('brandVoice', BRAND_VOICE_ID));
  },

  async save({ version, ...fields }: Payload<'brandVoice.save'>, ctx) {
    const now = ctx.rt.clock.now();
    const stored = await ctx.tenant.get('brandVoice', BRAND_VOICE_ID);
    checkVersion(stored ?? { version: 0 }, version);
    const samples = [...new Set(fields.samples)];
    await assertPdfSamples(ctx, samples);
    const next: BrandVoice = {
      ...(ctx.tenant.own({ id: BRAND_VOICE_ID }) as { orgId: number; id: string }),
      ...fields,
      samples,
      ...(stored?.generated ? { generated: stored.generated } : {}),
      ...(stored ? auditNext(stored, now, ctx.identity.userId) : auditNew(now, ctx.identity.userId)),
    };
    await ctx.tenant.put('brandVoice', next, stored ? CONDITIONS.versionIs(stored.version) : CONDITIONS.isNew('orgId'), '720007');
    return viewOf(next);
  },

  async generate(_p, ctx) {
    const stored = await ctx.tenant.get('brandVoice', BRAND_VOICE_ID);
    if (!stored?.brandName) throw new AppError('720006', 'brandName');
    await countGeneration(ctx);
    const answer = await ctx.rt.ai.complete(personaPrompt(brandBriefOf(stored), modelOf(ctx, stored)));
    const generated = parseAnswer(answer, generatedVoiceSchema.omit({ dateGenerated: true }));
    const next = { ...generated, dateGenerated: ctx.rt.clock.now() };
    // the proposal only: the voice fields stay the user's until they take it in the wizard and save
    await ctx.tenant.update('brandVoice', BRAND_VOICE_ID, { generated: next });
    return next;
  },

  async getGenerateBrandVoice(_p, ctx) {
    const stored = await ctx.tenant.get('brandVoice', BRAND_VOICE_ID);
    return { generated: stored?.generated ?? null };
  },
};

export const aiBotHandlers: AreaHandlers<'aiBot'> = {
  async templateMessage({ prompt, languages, defaultLanguage, channel }, ctx) {
    const voice = await ctx.tenant.get('brandVoice', BRAND_VOICE_ID);
    const unique = [...new Set(languages)];
    const remaining = await countGeneration(ctx);
    const answer = await ctx.rt.ai.complete(messagePrompt(brandBriefOf(voice), prompt, unique, modelOf(ctx, voice), channel));
    const template = templateFromAnswer(answer, voice, unique, defaultLanguage ?? unique[0]!, channel);
    return { template, message: MESSAGE_GENERATE_SUCCESS, remaining };
  },
};
