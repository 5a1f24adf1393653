import { IonButton } from '@ionic/react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { listMessages } from '../../../domain/messages/office-list';
import type { DateRange } from '../../../domain/office-list';
import { Dialog } from '../dialog';

export interface FilterDrawerProps<F extends { date: DateRange | null }> {
  title: string;
  filters: F;
  onApply: (filters: F) => void;
  /** Clears what is kept; answers the filters that apply then (a list may open on today's, say). */
  onClear: () => F;
  onClose: () => void;
  dateLegend?: string;
  children: (draft: F, set: (change: Partial<F>) => void) => ReactNode;
}

const text = listMessages;

/** `FilterDrawer` (filter-drawer.tsx) in its dialog: the draft, the range's check, Limpiar and Filtrar. */
export default function FilterDrawerDialog<F extends { date: DateRange | null }>({
  title,
  filters,
  onApply,
  onClear,
  onClose,
  dateLegend = text.dateRange,
  children,
}: FilterDrawerProps<F>) {
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
