/**
 * A model's history and records (spec 000 catalogue: modelHistory, modelRecord); `model` itself is a registry
 * entity served by the generic CRUD stack. A run of a model is a delivery of its cloud source: the answers are
 * the cloud source's, confirmed or skipped the same way.
 */
import * as z from 'zod';
import { idString } from '../entities/entity';
import { cloudSourceHistoryServices, cloudSourceRecordServices } from './cloudSource';
import { operation } from './operation';

const ACCESS = 'NAV_CAMPAIGN_CUSTOMIZED_NODE';

const modelRef = { modelId: idString };
const runRef = z.object({ ...modelRef, id: z.string().min(1).max(64) });

export const modelHistoryServices = {
  /** The model's runs, newest first. */
  getListByPage: operation({
    access: ACCESS,
    payload: cloudSourceHistoryServices.getListByPage.payload.omit({ sourceId: true }).extend(modelRef),
    response: cloudSourceHistoryServices.getListByPage.response,
  }),
  /** A run waiting for confirmation goes on. */
  confirm: operation({ access: ACCESS, payload: runRef, response: cloudSourceHistoryServices.confirm.response }),
  /** A run waiting for confirmation ends without going on. */
  skip: operation({ access: ACCESS, payload: runRef, response: cloudSourceHistoryServices.skip.response }),
} as const;

export const modelRecordServices = {
  /** The run's failed rows, in row order after `afterRow`. */
  getListByPage: operation({
    access: ACCESS,
    payload: cloudSourceRecordServices.getListByPage.payload.omit({ sourceId: true }).extend(modelRef),
    response: cloudSourceRecordServices.getListByPage.response,
  }),
} as const;
