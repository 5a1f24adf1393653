import { useId, useState, type FormEvent } from 'react';
import { IVA_RATES, PRODUCT_KEY_SUGGESTIONS, TAX_OBJECTS, UNIT_KEYS, unitKeyForUnitName } from '../../../domain/cfdi/product-keys';
import { catalogueMessages } from '../../../domain/messages/catalogue';
import { fromCents, hasTooManyDecimals, parseAmount } from '../../../domain/money';
import { itemCreateSchema, itemInputSchema, type ItemRow } from '../../../domain/schemas/catalogue';
import { getErrorMessage } from '../../lib/api';
import { useCategories, useItemMutations, useUnits } from './queries';
import { FormActions } from '../../ui/form-actions';
import { describedBy, Field, fieldErrors } from '../../ui/form-fields';

const text = catalogueMessages;
const fields = text.fields;
const fiscal = text.fiscal;
/** The IVA select's value for an exempt product (its rate is null). */
const EXEMPT = 'exento';

export interface ItemDraft {
  name: string;
  unit_id: string;
  category_id: string;
  macro: string;
  ean13: string;
  price: string;
  cost: string;
  weight: string;
  is_published: boolean;
  pos: boolean;
  is_raw_material: boolean;
  opening_stock: string;
  clave_prod_serv: string;
  clave_unidad: string;
  objeto_imp: string;
  /** '0.16', '0.08', '0' or 'exento'. */
  iva_rate: string;
  /** IEPS as a percentage ('8', '26.5'); empty when none. */
  ieps_rate: string;
}
type FieldName = Exclude<keyof ItemDraft, 'is_published' | 'pos' | 'is_raw_material'>;
type FieldErrors = Partial<Record<FieldName, string>>;

/**
 * A number as typed ('1,250.50', '0.35'): undefined when nothing was typed, NaN when it is no
 * number (a comma only separates thousands in es-MX), so the schema answers with its message.
 */
export function typedNumber(typed: string): number | undefined {
  if (typed.trim() === '') return undefined;
  const cents = parseAmount(typed);
  if (cents !== null) return fromCents(cents);
  return hasTooManyDecimals(typed) ? Number(typed.replace(/[$\s,]/g, '')) : Number.NaN;
}

export function itemDraft(item: ItemRow | null): ItemDraft {
  return {
    name: item?.name ?? '',
    unit_id: item ? String(item.unit_id) : '',
    category_id: item?.category_id ? String(item.category_id) : '',
    macro: item?.macro ?? '',
    ean13: item?.ean13 ?? '',
    price: item ? String(item.price) : '',
    cost: item ? String(item.cost) : '',
    weight: item ? String(item.weight) : '1',
    is_published: item?.is_published ?? true,
    pos: item?.pos ?? false,
    is_raw_material: item?.is_raw_material ?? false,
    opening_stock: '',
    clave_prod_serv: item?.clave_prod_serv ?? '',
    clave_unidad: item?.clave_unidad ?? '',
    objeto_imp: item?.objeto_imp ?? '02',
    iva_rate: item ? (item.iva_rate === null ? EXEMPT : String(item.iva_rate)) : '0.16',
    ieps_rate: item?.ieps_rate === null || item?.ieps_rate === undefined ? '' : String(Number((item.ieps_rate * 100).toFixed(4))),
  };
}

/** IEPS typed as a percentage: null when empty, NaN when it is no number (the schema names the field). */
function typedPercent(typed: string): number | null {
  if (typed.trim() === '') return null;
  const percent = Number(typed.replace(/[%\s]/g, ''));
  return Number.isFinite(percent) ? Number((percent / 100).toFixed(4)) : Number.NaN;
}

/** What the form sends, before the schema checks it (the same schema the server uses). */
export function itemBody(draft: ItemDraft) {
  return {
    name: draft.name,
    unit_id: draft.unit_id ? Number(draft.unit_id) : undefined,
    category_id: draft.category_id ? Number(draft.category_id) : null,
    macro: draft.macro,
    ean13: draft.ean13.replace(/\s/g, ''),
    price: typedNumber(draft.price),
    cost: typedNumber(draft.cost),
    weight: typedNumber(draft.weight),
    is_published: draft.is_published,
    pos: draft.pos,
    is_raw_material: draft.is_raw_material,
    clave_prod_serv: draft.clave_prod_serv,
    clave_unidad: draft.clave_unidad,
    objeto_imp: draft.objeto_imp,
    iva_rate: draft.iva_rate === EXEMPT ? null : Number(draft.iva_rate),
    ieps_rate: typedPercent(draft.ieps_rate),
  };
}

const FIELD_ORDER: FieldName[] = [
  'name',
  'unit_id',
  'category_id',
  'macro',
  'ean13',
  'price',
  'cost',
  'weight',
  'opening_stock',
  'clave_prod_serv',
  'clave_unidad',
  'objeto_imp',
  'iva_rate',
  'ieps_rate',
];

/**
 * 'Nuevo producto' and 'Editar' (/products): name, unit, category, macro, EAN-13
 * (with its check digit), list price, cost, weight, the counter flags and, for a new item,
 * its opening stock. Errors show under each field and focus the first; a refused save (a
 * taken EAN-13) shows the server's message and keeps what was typed.
 */
export function ItemForm({
  editing,
  onSaved,
  onCancel,
}: {
  editing: ItemRow | null;
  onSaved: (saved: ItemRow) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<ItemDraft>(() => itemDraft(editing));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const units = useUnits();
  const categories = useCategories();
  const { create, update } = useItemMutations();
  const saving = create.isPending || update.isPending;
  const ids: Record<FieldName, string> = {
    name: useId(),
    unit_id: useId(),
    category_id: useId(),
    macro: useId(),
    ean13: useId(),
    price: useId(),
    cost: useId(),
    weight: useId(),
    opening_stock: useId(),
    clave_prod_serv: useId(),
    clave_unidad: useId(),
    objeto_imp: useId(),
    iva_rate: useId(),
    ieps_rate: useId(),
  };
  const suggestionsId = useId();

  const set = (field: FieldName, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  /** Choosing a unit whose name plainly means a SAT unit fills the unit key, if none was chosen. */
  const setUnit = (unitId: string) => {
    const unitName = units.data?.find((unit) => String(unit.id) === unitId)?.name;
    const key = unitName ? unitKeyForUnitName(unitName) : null;
    setDraft((current) => ({ ...current, unit_id: unitId, clave_unidad: current.clave_unidad || (key ?? '') }));
    setErrors((current) => ({ ...current, unit_id: undefined }));
  };
  const select = (field: FieldName, label: string, options: readonly { value: string; label: string }[]) => (
    <Field id={ids[field]} label={label} error={errors[field]}>
      <select id={ids[field]} value={draft[field]} onChange={(e) => set(field, e.target.value)} {...describedBy(ids[field], errors[field])}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = itemBody(draft);
    const parsed = editing
      ? itemInputSchema.safeParse(body)
      : itemCreateSchema.safeParse({ ...body, opening_stock: typedNumber(draft.opening_stock) });
    if (!parsed.success) {
      const found = fieldErrors<FieldName>(parsed.error.issues);
      setErrors(found);
      const first = FIELD_ORDER.find((field) => found[field]);
      if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    setServerError(null);
    const done = { onSuccess: onSaved, onError: (error: unknown) => setServerError(getErrorMessage(error)) };
    if (editing) update.mutate({ id: editing.id, body: parsed.data }, done);
    else create.mutate(itemCreateSchema.parse(parsed.data), done);
  };

  const input = (
    field: FieldName,
    label: string,
    props: { inputMode?: 'decimal' | 'numeric'; maxLength?: number; hint?: string; list?: string } = {},
  ) => (
    <Field id={ids[field]} label={label} error={errors[field]} hint={props.hint}>
      <input
        id={ids[field]}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        list={props.list}
        autoComplete="off"
        value={draft[field]}
        onChange={(e) => set(field, e.target.value)}
        {...describedBy(ids[field], errors[field], props.hint !== undefined)}
      />
    </Field>
  );
  const check = (field: 'is_published' | 'pos' | 'is_raw_material', label: string) => (
    <label className="check-list__option">
      <input type="checkbox" checked={draft[field]} onChange={(e) => setDraft((current) => ({ ...current, [field]: e.target.checked }))} />
      {label}
    </label>
  );

  return (
    <form onSubmit={submit} className="item-form" noValidate>
      <div className="item-form__fields">
        {input('name', fields.name, { maxLength: 200 })}
        <Field id={ids.unit_id} label={fields.unit} error={errors.unit_id}>
          <select
            id={ids.unit_id}
            value={draft.unit_id}
            onChange={(e) => setUnit(e.target.value)}
            {...describedBy(ids.unit_id, errors.unit_id)}
          >
            <option value="">{fields.chooseUnit}</option>
            {units.data?.map((unit) => (
              <option key={unit.id} value={unit.id}>
                {unit.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={ids.category_id} label={fields.category} error={errors.category_id}>
          <select
            id={ids.category_id}
            value={draft.category_id}
            onChange={(e) => set('category_id', e.target.value)}
            {...describedBy(ids.category_id, errors.category_id)}
          >
            <option value="">{text.noCategory}</option>
            {categories.data?.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </Field>
        {input('macro', fields.macro, { maxLength: 200 })}
        {input('ean13', fields.ean13, { inputMode: 'numeric', maxLength: 13, hint: fields.ean13Hint })}
        {input('price', fields.price, { inputMode: 'decimal' })}
        {input('cost', fields.cost, { inputMode: 'decimal' })}
        {input('weight', fields.weight, { inputMode: 'decimal' })}
        {!editing && input('opening_stock', fields.openingStock, { inputMode: 'decimal', hint: fields.openingStockHint })}
      </div>
      <fieldset className="item-form__fields">
        <legend>{fiscal.title}</legend>
        {input('clave_prod_serv', fiscal.productKey, {
          inputMode: 'numeric',
          maxLength: 8,
          hint: fiscal.productKeyHint,
          list: suggestionsId,
        })}
        <datalist id={suggestionsId}>
          {PRODUCT_KEY_SUGGESTIONS.map((suggestion) => (
            <option key={suggestion.key} value={suggestion.key}>
              {suggestion.name}
            </option>
          ))}
        </datalist>
        {select('clave_unidad', fiscal.unitKey, [
          { value: '', label: fiscal.chooseUnitKey },
          ...UNIT_KEYS.map((unit) => ({ value: unit.key, label: `${unit.key} · ${unit.name}` })),
        ])}
        {select(
          'objeto_imp',
          fiscal.taxObject,
          TAX_OBJECTS.map((object) => ({ value: object.key, label: `${object.key} · ${object.name}` })),
        )}
        {select('iva_rate', fiscal.iva, [
          ...IVA_RATES.map((rate) => ({ value: String(rate), label: fiscal.ivaOption(rate) })),
          { value: EXEMPT, label: fiscal.exempt },
        ])}
        {input('ieps_rate', fiscal.ieps, { inputMode: 'decimal', maxLength: 6, hint: fiscal.iepsHint })}
      </fieldset>
      <div className="check-list">
        {check('is_published', fields.published)}
        {check('pos', fields.pos)}
        {check('is_raw_material', fields.rawMaterial)}
      </div>
      <FormActions serverError={serverError} pending={saving} onCancel={onCancel} labels={text} />
    </form>
  );
}
