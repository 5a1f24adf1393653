import { IonButton } from '@ionic/react';
import { useId, useState, type FormEvent } from 'react';
import { useSettled } from '../../lib/use-settled';
import { Dialog } from '../../app/dialog';
import { messages } from '../../../domain/messages';
import type { ShippingFilters } from '../../../domain/shipping-list';
import { useCompanySearch, useDrivers, useVehicles } from './queries';

const text = messages.shippings;

/**
 * The filter side drawer (spec §2): Fecha (a range, counted only with both dates), Folio,
 * Empresa(s) o Cliente (several, searched on the server), Chofer and Unidad (several),
 * Folio de Venta, Notas; Limpiar, Filtrar, and Enter filters.
 */
export function FilterDrawer({
  filters,
  onApply,
  onClear,
  onClose,
}: {
  filters: ShippingFilters;
  onApply: (filters: ShippingFilters) => void;
  /** Clears what is kept; answers the filters that apply then (today's, where the deployment opens on today). */
  onClear: () => ShippingFilters;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<ShippingFilters>(filters);
  const [from, setFrom] = useState(filters.date?.[0] ?? '');
  const [to, setTo] = useState(filters.date?.[1] ?? '');
  const [dateError, setDateError] = useState<string | null>(null);
  const drivers = useDrivers('filter');
  const vehicles = useVehicles();
  const ids = { from: useId(), to: useId(), folio: useId(), sale: useId(), note: useId(), dateError: useId() };

  const submit = (event: FormEvent, close: () => void) => {
    event.preventDefault();
    if ((from === '') !== (to === '')) {
      setDateError(text.bothDates);
      return;
    }
    onApply({ ...draft, date: from && to ? ([from, to].sort() as [string, string]) : null });
    close();
  };
  const set = (change: Partial<ShippingFilters>) => setDraft((current) => ({ ...current, ...change }));
  const toggle = (list: number[], id: number) => (list.includes(id) ? list.filter((n) => n !== id) : [...list, id]);

  return (
    <Dialog label={text.filterTitle} className="side-drawer" onClose={onClose}>
      {(close) => (
        <form onSubmit={(event) => submit(event, close)} className="filter-form">
          <fieldset className="filter-form__group" aria-describedby={dateError ? ids.dateError : undefined}>
            <legend>{text.dateRange}</legend>
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
          <div className="field">
            <label htmlFor={ids.folio}>{text.folio}</label>
            <input id={ids.folio} inputMode="numeric" value={draft.id} onChange={(e) => set({ id: e.target.value })} />
          </div>
          <CompanyPicker chosen={draft.companies} onChange={(companies) => set({ companies })} />
          <CheckList
            legend={text.drivers}
            options={(drivers.data ?? []).map((d) => ({ id: d.id, label: `${d.name} ${d.last}` }))}
            chosen={draft.driverIds}
            onToggle={(id) => set({ driverIds: toggle(draft.driverIds, id) })}
          />
          <CheckList
            legend={text.vehicles}
            options={(vehicles.data ?? []).map((v) => ({ id: v.id, label: v.name }))}
            chosen={draft.vehicleIds}
            onToggle={(id) => set({ vehicleIds: toggle(draft.vehicleIds, id) })}
          />
          <div className="field">
            <label htmlFor={ids.sale}>{text.saleFolio}</label>
            <input id={ids.sale} inputMode="numeric" value={draft.saleId} onChange={(e) => set({ saleId: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor={ids.note}>{text.notes}</label>
            <input id={ids.note} value={draft.note} onChange={(e) => set({ note: e.target.value })} />
          </div>
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

function CheckList({
  legend,
  options,
  chosen,
  onToggle,
}: {
  legend: string;
  options: { id: number; label: string }[];
  chosen: number[];
  onToggle: (id: number) => void;
}) {
  return (
    <fieldset className="filter-form__group">
      <legend>{legend}</legend>
      <div className="check-list">
        {options.map((option) => (
          <label key={option.id} className="check-list__option">
            <input type="checkbox" checked={chosen.includes(option.id)} onChange={() => onToggle(option.id)} />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Several companies, found by name on the server as the person types. */
function CompanyPicker({
  chosen,
  onChange,
}: {
  chosen: { id: number; name: string }[];
  onChange: (companies: { id: number; name: string }[]) => void;
}) {
  const [search, setSearch] = useState('');
  const results = useCompanySearch(useSettled(search));
  const id = useId();
  const chosenIds = new Set(chosen.map((c) => c.id));
  return (
    <fieldset className="filter-form__group">
      <legend>{text.companies}</legend>
      {chosen.length > 0 && (
        <ul className="chip-list">
          {chosen.map((company) => (
            <li key={company.id}>
              <span>{company.name}</span>
              <button
                type="button"
                aria-label={text.removeCompany(company.name)}
                onClick={() => onChange(chosen.filter((c) => c.id !== company.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor={id}>{text.companySearch}</label>
        <input id={id} type="search" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {search.trim().length >= 2 && (
        <div className="check-list" aria-busy={results.isFetching}>
          {results.isFetching && !results.data && <p role="status">{text.searching}</p>}
          {results.data?.length === 0 && <p>{text.noCompanies}</p>}
          {results.data?.map((company) => (
            <label key={company.id} className="check-list__option">
              <input
                type="checkbox"
                checked={chosenIds.has(company.id)}
                onChange={() =>
                  onChange(
                    chosenIds.has(company.id)
                      ? chosen.filter((c) => c.id !== company.id)
                      : [...chosen, { id: company.id, name: company.name }],
                  )
                }
              />
              {company.name}
              {company.razon_social && company.razon_social !== company.name ? ` · ${company.razon_social}` : ''}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
