import { IonButton } from '@ionic/react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { messages } from '../../../domain/messages';
import type { DateRange } from '../../../domain/office-list';
import { Dialog } from '../dialog';

const text = messages.list;

/**
 * The filter side drawer of an office list (spec §2): Fecha first (a range that counts only
 * once both dates are chosen), then the list's own fields, then Limpiar and Filtrar; Enter
 * filters. The drawer edits a draft: nothing applies until Filtrar.
 */
export function FilterDrawer<F extends { date: DateRange | null }>({
  title,
  filters,
  onApply,
  onClear,
  onClose,
  dateLegend = text.dateRange,
  children,
}: {
  title: string;
  filters: F;
  onApply: (filters: F) => void;
  /** Clears what is kept; answers the filters that apply then (a list may open on today's, say). */
  onClear: () => F;
  onClose: () => void;
  dateLegend?: string;
  children: (draft: F, set: (change: Partial<F>) => void) => ReactNode;
}) {
  const [draft, setDraft] = useState<F>(filters);
  const [from, setFrom] = useState(filters.date?.[0] ?? '');
  const [to, setTo] = useState(filters.date?.[1] ?? '');
  const [dateError, setDateError] = useState<string | null>(null);
  const ids = { from: useId(), to: useId(), dateError: useId() };

  const submit = (event: FormEvent, close: () => void) => {
    event.preventDefault();
    if ((from === '') !== (to === '')) {
      setDateError(text.bothDates);
      return;
    }
    onApply({ ...draft, date: from && to ? ([from, to].sort() as DateRange) : null });
    close();
  };
  const set = (change: Partial<F>) => setDraft((current) => ({ ...current, ...change }));

  return (
    <Dialog label={title} className="side-drawer" onClose={onClose}>
      {(close) => (
        <form onSubmit={(event) => submit(event, close)} className="filter-form">
          <fieldset className="filter-form__group" aria-describedby={dateError ? ids.dateError : undefined}>
            <legend>{dateLegend}</legend>
            <div className="filter-form__range">
              <div className="field">
                <label htmlFor={ids.from}>{text.from}</label>
                <input
                  id={ids.from}
                  type="date"
                  value={from}
                  onChange={(e) => {
                    setFrom(e.target.value);
                    setDateError(null);
                  }}
                />
              </div>
              <div className="field">
                <label htmlFor={ids.to}>{text.to}</label>
                <input
                  id={ids.to}
                  type="date"
                  value={to}
                  onChange={(e) => {
                    setTo(e.target.value);
                    setDateError(null);
                  }}
                />
              </div>
            </div>
            {dateError && (
              <p id={ids.dateError} className="field-error" role="alert">
                {dateError}
              </p>
            )}
          </fieldset>
          {children(draft, set)}
          <div className="form-actions">
            <IonButton
              fill="outline"
              onClick={() => {
                const applied = onClear();
                setDraft(applied);
                setFrom(applied.date?.[0] ?? '');
                setTo(applied.date?.[1] ?? '');
                setDateError(null);
              }}
            >
              {text.clear}
            </IonButton>
            <IonButton type="submit">{text.filter}</IonButton>
          </div>
        </form>
      )}
    </Dialog>
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
