/** Preset parameters (spec 000 section 7); `load` reads the file in the background and replaces the records. */
import * as z from 'zod';
import { presetParameterEntity, presetRecordSchema } from '../entities/presetParameter';
import { idString } from '../entities/entity';
import { type CrudEntityDef, crudServices } from './crud';
import { idPayload, importFileSize, ok, operation, uploadLink } from './operation';
import { say } from '../i18n/say';

const ACCESS = 'NAV_PRESET_PARAMETER';
const fileName = z
  .string()
  .trim()
  .min(1, say('form.uploadNone'))
  .max(255)
  .regex(/^[^/\\]+$/, say('form.fileNameSlashes'));

export const presetRecordView = presetRecordSchema.omit({ recordKey: true, entry: true, loadId: true });
export type PresetRecordView = z.infer<typeof presetRecordView>;

const recordFields = {
  key: z
    .string({ error: say('validation.inputRequired', { param: say('field.key') }) })
    .trim()
    .min(1, say('validation.inputRequired', { param: say('field.key') }))
    .max(200),
  alias: z
    .string({ error: say('validation.inputRequired', { param: say('field.alias') }) })
    .trim()
    .min(1, say('validation.inputRequired', { param: say('field.alias') }))
    .max(200),
};

export const presetParameterServices = {
  ...crudServices(presetParameterEntity as unknown as CrudEntityDef),
  uploadUrl: operation({ access: ACCESS, payload: idPayload.extend({ fileName, size: importFileSize }), response: uploadLink }),
  load: operation({ access: ACCESS, payload: idPayload.extend({ fileName: fileName.optional() }), response: ok }),
} as const;

export const presetRecordServices = {
  getListByPage: operation({
    access: ACCESS,
    payload: z.object({
      parameterId: idString,
      key: z.string().trim().max(200).optional(),
      cursor: z.string().max(500).optional(),
      size: z.number().int().min(1).max(100).default(20),
    }),
    response: z.object({ list: z.array(presetRecordView), cursor: z.string().optional() }),
  }),
  save: operation({ access: ACCESS, payload: z.object({ parameterId: idString, ...recordFields, value: z.string().max(10_000) }), response: presetRecordView }),
  delete: operation({ access: ACCESS, payload: z.object({ parameterId: idString, ...recordFields }), response: ok }),
} as const;
