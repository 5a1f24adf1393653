import { lazy, Suspense, useId } from 'react';
import type { DateRange } from '../../../domain/office-list';
import type { FilterDrawerProps } from './filter-drawer-dialog';

export type { FilterDrawerProps };

// Drawn in Ionic's modal, which loads with the first dialog opened (filter-drawer-dialog.tsx).
const FilterDrawerDialog = lazy(() => import('./filter-drawer-dialog'));

/**
 * The filter side drawer of an office list (spec §2): Fecha first (a range that counts only
 * once both dates are chosen), then the list's own fields, then Limpiar and Filtrar; Enter
 * filters. The drawer edits a draft: nothing applies until Filtrar.
 */
export function FilterDrawer<F extends { date: DateRange | null }>(props: FilterDrawerProps<F>) {
  return (
    <Suspense fallback={null}>
      <FilterDrawerDialog {...(props as unknown as FilterDrawerProps<{ date: DateRange | null }>)} />
    </Suspense>
  );
}

/** Several of a short list (drivers, vehicles, sellers), as checkboxes. */
export function CheckList({
  legend,
  options,
  chosen,
  onChange,
}: {
  legend: string;
  options: readonly { id: number; label: string }[];
  chosen: readonly number[];
  onChange: (chosen: number[]) => void;
}) {
  return (
    <fieldset className="filter-form__group">
      <legend>{legend}</legend>
      <div className="check-list">
        {options.map((option) => (
          <label key={option.id} className="check-list__option">
            <input
              type="checkbox"
              checked={chosen.includes(option.id)}
              onChange={() => onChange(chosen.includes(option.id) ? chosen.filter((n) => n !== option.id) : [...chosen, option.id])}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** One of a few values, or any ('' = no filter), as a native select. */
export function ChoiceField<T extends string>({
  label,
  anyLabel,
  options,
  value,
  onChange,
}: {
  label: string;
  anyLabel: string;
  options: readonly { value: T; label: string }[];
  value: T | '';
  onChange: (value: T | '') => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as T | '')}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A free-text filter field (folio, company, notes). */
export function TextField({
  label,
  value,
  onChange,
  numeric = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  numeric?: boolean;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} inputMode={numeric ? 'numeric' : undefined} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
