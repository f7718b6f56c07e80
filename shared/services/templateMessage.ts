/** The template library (spec 000 section 7); a locked template changes only by its locker or an administrator. */
import * as z from 'zod';
import { CHANNELS } from '../delivery';
import { idString } from '../entities/entity';
import { TEMPLATE_CHANNELS, templateMessageSchema } from '../entities/templateMessage';
import { parseChannelTemplate, templateInput } from '../content';
import { TEMPLATE_APPROVAL_STATES } from '../plan/approvalSheet';
import { languageCodeSchema } from '../render';
import { idPayload, ok, operation, pageOf, pageRequest } from './operation';
import { say } from '../i18n/say';

const ACCESS = 'NAV_TEMPLATE_MESSAGE';

export const TRANSLATION_STATES = ['DEFAULT', 'TRANSLATED', 'OUTDATED', 'MISSING'] as const;

export const templateMessageView = templateMessageSchema.omit({ orgId: true, createdBy: true, updatedBy: true });
export type TemplateMessageView = z.infer<typeof templateMessageView>;

export const templateMessageListItem = templateMessageView.omit({ template: true, languageUpdatedAt: true }).extend({ approval: z.enum(TEMPLATE_APPROVAL_STATES).optional() });
export type TemplateMessageListItem = z.infer<typeof templateMessageListItem>;

export const templateMessageSavePayload = z
  .object({
    id: idString.optional(),
    version: z.number().int().optional(),
    name: templateMessageSchema.shape.name,
    channel: z.enum(TEMPLATE_CHANNELS).optional(),
    categoryId: idString.optional(),
    folderId: idString.optional(),
    active: z.boolean().default(true),
    template: templateInput,
  })
  .transform(parseChannelTemplate);
export type TemplateMessageSavePayload = z.input<typeof templateMessageSavePayload>;

export const TEMPLATE_FILE_FORMAT = 'herald.templateMessages';
export const TEMPLATE_FILE_VERSION = 1;
export const TEMPLATE_IMPORT_MAX = 100;
/** spec 001 section 5 */
export const TEMPLATE_IMPORT_REASONS = {
  format: say('form.jsonFormat'),
  id: 'Invalid template id',
  regex: 'Regex mismatch',
} as const;

export const templateFileEntry = z
  .object({
    /** an import updates that template when this organization has it */
    id: z.string().max(200).optional(),
    name: templateMessageSchema.shape.name,
    channel: z.enum(TEMPLATE_CHANNELS).optional(),
    active: z.boolean().default(true),
    template: templateInput,
  })
  .transform(parseChannelTemplate);
export const templateFile = z.object({
  format: z.literal(TEMPLATE_FILE_FORMAT),
  version: z.literal(TEMPLATE_FILE_VERSION),
  exportedAt: z.number().int(),
  templates: z.array(templateFileEntry).max(TEMPLATE_IMPORT_MAX),
});
export type TemplateFile = z.infer<typeof templateFile>;

export const templateImportResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  failures: z.array(z.object({ entry: z.number().int(), name: z.string().optional(), reason: z.string() })),
});

const lockPayload = z.object({ id: idString, version: z.number().int().optional() });

/** the spec's pickers ask with pushWay PUSH_NATIVE */
const pushWay = z.enum(CHANNELS).optional();

export const templateMessageServices = {
  getListByPage: operation({
    access: ACCESS,
    payload: z.object({
      ...pageRequest,
      name: z.string().max(100).optional(),
      categoryId: idString.optional(),
      folderId: idString.optional(),
      active: z.boolean().optional(),
      pushWay,
    }),
    response: pageOf(templateMessageListItem),
  }),
  /** with the template approval switch on, only PASS may be used */
  getAll: operation({
    access: ACCESS,
    payload: z.object({ pushWay, activeOnly: z.boolean().default(false) }).default({ activeOnly: false }),
    response: z.array(z.object({ id: z.string(), name: z.string(), channel: z.enum(TEMPLATE_CHANNELS), active: z.boolean(), approval: z.enum(TEMPLATE_APPROVAL_STATES) })),
  }),
  detail: operation({ access: ACCESS, payload: idPayload, response: templateMessageView }),
  save: operation({ access: ACCESS, payload: templateMessageSavePayload, response: templateMessageView }),
  delete: operation({ access: ACCESS, payload: idPayload, response: ok }),
  duplicate: operation({
    access: ACCESS,
    payload: z.object({ id: idString, name: templateMessageSchema.shape.name.optional() }),
    response: templateMessageView,
  }),
  setActive: operation({
    access: ACCESS,
    payload: z.object({ id: idString, active: z.boolean(), version: z.number().int().optional() }),
    response: templateMessageListItem,
  }),
  /** Spec 001 3.11; OUTDATED: changed less recently than the default language. */
  getMultiLanguages: operation({
    access: ACCESS,
    payload: idPayload,
    response: z.object({
      id: z.string(),
      version: z.number().int(),
      defaultLanguage: z.string(),
      languages: z.array(
        z.object({
          code: z.string(),
          name: z.string(),
          status: z.enum(TRANSLATION_STATES),
          dateUpdated: z.number().nullable(),
        }),
      ),
    }),
  }),
  saveMultiLanguages: operation({
    access: ACCESS,
    payload: z.object({ id: idString, version: z.number().int(), template: templateInput }).transform(parseChannelTemplate),
    response: templateMessageView,
  }),
  /** New languages start as a copy of the default's, OUTDATED until translated. */
  duplicateWithTranslation: operation({
    access: ACCESS,
    payload: z.object({ id: idString, languages: z.array(languageCodeSchema).min(1).max(20), name: templateMessageSchema.shape.name.optional() }),
    response: templateMessageView,
  }),
  lock: operation({ access: 'TEMPLATE_LOCK', payload: lockPayload, response: templateMessageListItem }),
  unlock: operation({ access: 'TEMPLATE_LOCK', payload: lockPayload, response: templateMessageListItem }),
  export: operation({
    access: 'TEMPLATE_EXPORT',
    payload: z.object({ ids: z.array(idString).min(1).max(TEMPLATE_IMPORT_MAX).optional(), categoryId: idString.optional() }).default({}),
    response: templateFile,
  }),
  importFile: operation({
    access: 'TEMPLATE_IMPORT',
    payload: z.object({ file: z.string().min(1).max(1_500_000), categoryId: idString.optional() }),
    response: templateImportResult,
  }),
  previewLetter: operation({
    access: ACCESS,
    payload: z.object({
      template: templateInput,
      language: languageCodeSchema.optional(),
      companyId: idString.optional(),
      recipient: z
        .record(z.string().max(64), z.unknown())
        .refine((r) => JSON.stringify(r).length <= 10_000, 'The sample recipient is too large.')
        .default({}),
    }),
    response: z.object({ fileName: z.string(), contentType: z.literal('application/pdf'), base64: z.string() }),
  }),
  getListByCategoryAndYear: operation({
    access: ACCESS,
    payload: z.object({ categoryId: idString.optional(), year: z.number().int().min(2000).max(2100) }),
    response: z.array(templateMessageListItem),
  }),
} as const;
