/** The generic operations of a `crud` entity, made from its registry entry. */
import * as z from 'zod';
import type { CrudDef, EntityDef } from '../entities/entity';
import { idString } from '../entities/entity';
import type { Permission } from '../permissions';
import { idPayload, ok, operation, pageOf, pageRequest } from './operation';

export interface CrudEntityDef extends EntityDef {
  scope: 'tenant';
  crud: CrudDef;
  permissions: { read: Permission; write: Permission };
}

export function hiddenFields(def: EntityDef): Set<string> {
  return new Set(['orgId', 'createdBy', 'updatedBy', ...(def.privateFields ?? [])]);
}

type Shape = Record<string, z.ZodType>;

export function crudView(def: CrudEntityDef) {
  const hidden = hiddenFields(def);
  return z.object(Object.fromEntries(Object.entries(def.schema.shape as Shape).filter(([k]) => !hidden.has(k))));
}

const withoutDefault = (schema: z.ZodType): z.ZodType => (schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema);

export function crudSavePayload(def: CrudEntityDef) {
  const shape = def.schema.shape as Shape;
  return z.object({
    id: idString.optional(),
    version: z.number().int().optional(),
    ...Object.fromEntries(def.crud.form.map((f) => [f.field, shape[f.field]])),
    ...Object.fromEntries((def.crud.contentFields ?? []).map((field) => [field, withoutDefault(shape[field]).optional()])),
  });
}

export function crudListPayload(def: CrudEntityDef) {
  const filters = (def.listColumns ?? []).filter((c) => c.filter).map((c) => [c.field, c.filter === 'boolean' ? z.boolean().optional() : z.string().max(100).optional()] as const);
  return z.object({ ...pageRequest, ...Object.fromEntries(filters) });
}

export function crudServices(def: CrudEntityDef) {
  const view = crudView(def);
  const { read, write } = def.permissions;
  return {
    getListByPage: operation({ access: read, payload: crudListPayload(def), response: pageOf(view) }),
    getAll: operation({ access: read, payload: z.object({}).default({}), response: z.array(view) }),
    detail: operation({ access: read, payload: idPayload, response: view }),
    save: operation({ access: write, payload: crudSavePayload(def), response: view }),
    delete: operation({ access: write, payload: idPayload, response: ok }),
  };
}
export type CrudServices = ReturnType<typeof crudServices>;
