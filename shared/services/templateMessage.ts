/**
 * The template library (spec 000 section 7, `templateMessage`): pages and pickers, the detail with its content,
 * versioned saves, delete, duplicate and set active. Lock, unlock, import, export and the language operations
 * come with issue 9.
 */
import * as z from 'zod';
import { CHANNELS } from '../delivery';
import { idString } from '../entities/entity';
import { TEMPLATE_CHANNELS, templateMessageSchema } from '../entities/templateMessage';
import { emailTemplateSchema } from '../render';
import { idPayload, ok, operation, pageOf, pageRequest } from './operation';

const ACCESS = 'NAV_TEMPLATE_MESSAGE';

/** A template as the builder reads it. */
export const templateMessageView = templateMessageSchema.omit({ orgId: true, createdBy: true, updatedBy: true });
export type TemplateMessageView = z.infer<typeof templateMessageView>;

/** A row of the library list: everything but the content. */
export const templateMessageListItem = templateMessageView.omit({ template: true });
export type TemplateMessageListItem = z.infer<typeof templateMessageListItem>;

/** What the builder saves; the organization, the audit fields and the lock are the server's. */
export const templateMessageSavePayload = z.object({
  id: idString.optional(),
  version: z.number().int().optional(),
  name: templateMessageSchema.shape.name,
  channel: z.enum(TEMPLATE_CHANNELS).default('EMAIL'),
  categoryId: idString.optional(),
  active: z.boolean().default(true),
  template: emailTemplateSchema,
});
export type TemplateMessageSavePayload = z.input<typeof templateMessageSavePayload>;

/** The channel filter: any channel may be asked for (the spec's pickers ask with pushWay PUSH_NATIVE). */
const pushWay = z.enum(CHANNELS).optional();

export const templateMessageServices = {
  getListByPage: operation({
    access: ACCESS,
    payload: z.object({
      ...pageRequest,
      name: z.string().max(100).optional(),
      categoryId: idString.optional(),
      active: z.boolean().optional(),
      pushWay,
    }),
    response: pageOf(templateMessageListItem),
  }),
  /** The picker: id and name, by name; `activeOnly` for choosing a template for a message. */
  getAll: operation({
    access: ACCESS,
    payload: z.object({ pushWay, activeOnly: z.boolean().default(false) }).default({ activeOnly: false }),
    response: z.array(z.object({ id: z.string(), name: z.string(), channel: z.enum(TEMPLATE_CHANNELS), active: z.boolean() })),
  }),
  detail: operation({ access: ACCESS, payload: idPayload, response: templateMessageView }),
  save: operation({ access: ACCESS, payload: templateMessageSavePayload, response: templateMessageView }),
  delete: operation({ access: ACCESS, payload: idPayload, response: ok }),
  /** A copy named "<name> (copy)" (then "(copy 2)", …) unless a free name is given; the copy is never locked. */
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
} as const;
