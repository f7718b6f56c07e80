/**
 * A model's history and records: the deliveries of the cloud source the model reads from, and their records, served by
 * the cloud-source handlers (same confirm and skip).
 */
import type { Model } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import type { AreaHandlers, AuthedContext } from '../../contract/context';

async function model(ctx: AuthedContext, modelId: string): Promise<Model> {
  return (await ctx.tenant.require('model', modelId)) as Model;
}

async function sourceOf(ctx: AuthedContext, modelId: string): Promise<string> {
  const { cloudSourceId } = await model(ctx, modelId);
  if (!cloudSourceId) throw new AppError('720003');
  return cloudSourceId;
}

export function modelHistoryHandlers(history: AreaHandlers<'cloudSourceHistory'>): AreaHandlers<'modelHistory'> {
  return {
    async getListByPage({ modelId, ...rest }, ctx) {
      const { cloudSourceId } = await model(ctx, modelId);
      if (!cloudSourceId) return { list: [] };
      return history.getListByPage({ ...rest, sourceId: cloudSourceId }, ctx);
    },
    async confirm({ modelId, id }, ctx) {
      return history.confirm({ sourceId: await sourceOf(ctx, modelId), id }, ctx);
    },
    async skip({ modelId, id }, ctx) {
      return history.skip({ sourceId: await sourceOf(ctx, modelId), id }, ctx);
    },
  };
}

export function modelRecordHandlers(records: AreaHandlers<'cloudSourceRecord'>): AreaHandlers<'modelRecord'> {
  return {
    async getListByPage({ modelId, ...rest }, ctx) {
      return records.getListByPage({ ...rest, sourceId: await sourceOf(ctx, modelId) }, ctx);
    },
  };
}
