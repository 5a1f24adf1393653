import * as z from 'zod/mini';
import { JOB_POSITIONS } from './job-positions';
import { businessListMessages as text } from './messages/business-lists';
import { EMAIL_PATTERN } from './schemas/auth';
import { CONTROL_CHARACTERS } from './schemas/customers';

/**
 * The lists a business keeps itself ('Catálogos'): its trucks, branches, units, categories and
 * the rest of the names its records pick from. Each is its name and, for a few, some fields
 * more; the server, the form and the list are built from this one table.
 */

export interface ListField {
  key: string;
  label: string;
  max: number;
  required: boolean;
  kind?: 'email';
}

export interface BusinessList {
  /** The list's title ('Unidades') and its add button ('Nueva unidad'), in Spanish. */
  title: string;
  add: string;
  /** Its fields, the name first. */
  fields: readonly ListField[];
  /** A funnel carries its phases, in order. */
  phases?: true;
}

const NAME: ListField = { key: 'name', label: text.name, max: 200, required: true };
const named = (title: string, add: string): BusinessList => ({ title, add, fields: [NAME] });

export const BUSINESS_LISTS = {
  vehicles: { title: 'Unidades', add: 'Nueva unidad', fields: [NAME, { key: 'plates', label: 'Placas', max: 20, required: false }] },
  branches: {
    title: 'Sucursales',
    add: 'Nueva sucursal',
    fields: [
      NAME,
      { key: 'address', label: 'Domicilio', max: 300, required: true },
      { key: 'phone', label: 'Teléfono', max: 40, required: true },
      { key: 'rfc', label: 'RFC', max: 20, required: true },
      { key: 'razon_social', label: 'Razón social', max: 200, required: true },
      { key: 'email', label: 'Correo', max: 254, required: true, kind: 'email' },
    ],
  },
  units: named('Unidades de medida', 'Nueva unidad de medida'),
  categories: named('Categorías', 'Nueva categoría'),
  price_lists: named('Listas de precios', 'Nueva lista de precios'),
  payment_methods: named('Formas de pago', 'Nueva forma de pago'),
  expense_types: named('Tipos de gasto', 'Nuevo tipo de gasto'),
  rejections: named('Motivos de rechazo', 'Nuevo motivo de rechazo'),
  adjustments: named('Motivos de ajuste', 'Nuevo motivo de ajuste'),
  zones: named('Zonas', 'Nueva zona'),
  job_positions: named('Puestos', 'Nuevo puesto'),
  funnels: { ...named('Embudos', 'Nuevo embudo'), phases: true },
} satisfies Record<string, BusinessList>;

export type BusinessListName = keyof typeof BUSINESS_LISTS;
export const BUSINESS_LIST_NAMES = Object.keys(BUSINESS_LISTS) as BusinessListName[];
export const isBusinessList = (value: string): value is BusinessListName => Object.hasOwn(BUSINESS_LISTS, value);

export const businessList = (name: BusinessListName): BusinessList => BUSINESS_LISTS[name];

/**
 * Job positions the product gives behaviour to (the driver's app, the warehouse's): renaming
 * or deactivating one would change what their holders see, so neither is allowed.
 */
export const isFixedRow = (list: BusinessListName, name: string) =>
  list === 'job_positions' && (Object.values(JOB_POSITIONS) as string[]).includes(name);

const printable = z.refine<string>((value) => !CONTROL_CHARACTERS.test(value), text.required);

function fieldSchema(field: ListField) {
  const checks = [z.trim(), z.maxLength(field.max, text.tooLong(field.max)), printable];
  if (field.kind === 'email') checks.push(z.regex(EMAIL_PATTERN, text.invalidEmail));
  return field.required
    ? z.string({ error: text.required }).check(z.trim(), z.minLength(1, { error: text.required, abort: true }), ...checks.slice(1))
    : z._default(z.string().check(...checks), '');
}

const phaseSchema = z.object({
  id: z._default(z.nullable(z.int().check(z.positive())), null),
  name: fieldSchema(NAME),
});

/** What the form of a list's row sends, checked alike by the form and by the server. */
export function rowInputSchema(list: BusinessListName) {
  const { fields, phases } = businessList(list);
  const shape: Record<string, z.ZodMiniType> = Object.fromEntries(fields.map((field) => [field.key, fieldSchema(field)]));
  if (phases) shape.phases = z.array(phaseSchema).check(z.minLength(1, text.onePhase), z.maxLength(30));
  return z.object(shape);
}

export type RowInput = Record<string, string> & { phases?: { id: number | null; name: string }[] };

/** A row as 'Catálogos' lists it: its fields, whether it is offered, and a funnel's phases. */
export const listRowSchema = z.looseObject({
  id: z.int(),
  name: z.string(),
  active: z.boolean(),
  phases: z.optional(z.array(z.object({ id: z.int(), name: z.string(), position: z.int(), active: z.boolean() }))),
});
export type ListRow = z.infer<typeof listRowSchema> & Record<string, unknown>;
export const listRowsSchema = z.object({ data: z.array(listRowSchema) });
