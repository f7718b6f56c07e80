/** Spec 000 modelHistory and modelRecord: a model's run is a delivery of its cloud source, answered as the source's. */
import * as z from 'zod';
import { idString } from '../entities/entity';
import { cloudSourceHistoryServices, cloudSourceRecordServices } from './cloudSource';
import { operation } from './operation';

const ACCESS = 'NAV_CAMPAIGN_CUSTOMIZED_NODE';

const modelRef = { modelId: idString };
const runRef = z.object({ ...modelRef, id: z.string().min(1).max(64) });

export const modelHistoryServices = {
  getListByPage: operation({
    access: ACCESS,
    payload: cloudSourceHistoryServices.getListByPage.payload.omit({ sourceId: true }).extend(modelRef),
    response: cloudSourceHistoryServices.getListByPage.response,
  }),
  confirm: operation({ access: ACCESS, payload: runRef, response: cloudSourceHistoryServices.confirm.response }),
  skip: operation({ access: ACCESS, payload: runRef, response: cloudSourceHistoryServices.skip.response }),
} as const;

export const modelRecordServices = {
  getListByPage: operation({
    access: ACCESS,
    payload: cloudSourceRecordServices.getListByPage.payload.omit({ sourceId: true }).extend(modelRef),
    response: cloudSourceRecordServices.getListByPage.response,
  }),
} as const;
